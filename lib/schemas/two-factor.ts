import { z } from "zod";

export const TWO_FACTOR_CODE_REQUIRED = 'Il campo "Codice di verifica" è richiesto';

/** POST /api/users/two-factor/enable and /disable, field "twoFactor": a TOTP code or (to turn it off) a recovery code. */
export const twoFactorCodeSchema = z.object({
  code: z.string({ error: TWO_FACTOR_CODE_REQUIRED }).trim().min(1, TWO_FACTOR_CODE_REQUIRED).max(64, TWO_FACTOR_CODE_REQUIRED),
});
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;
