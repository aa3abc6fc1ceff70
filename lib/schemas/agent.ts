import { z } from "zod";
import { defineApi, optionSchema, recordFields } from "./entity";
import { centsField, decimalString, optionalEmail, optionalEntityRef, optionalText, rowIdentity, versionField } from "./fields";

/** Agenti: GET/POST /api/agents…, JSON field "agent". */
export const agentApi = defineApi({ field: "agent", url: "/api/agents", table: "agents" });

export const AGENT_MESSAGES = {
  percentage: 'Il campo "Percentuale" non è un numero decimale corretto',
  percentageRange: 'Il campo "Percentuale" deve essere compreso tra 0 e 100',
  fromAmount: 'Il campo "Da importo" non è un importo valido',
  tooManyRows: "Troppe righe di provvigione (massimo 100)",
  nameRequired: 'Indicare almeno uno tra "Nome" e "Cognome"',
} as const;

/** A commission row: from fromAmount (cents, EUR) upwards the percentage applies. */
export const agentCommissionSchema = z.object({
  ...rowIdentity,
  fromAmount: centsField(AGENT_MESSAGES.fromAmount, { min: 0 }).optional().default(0),
  currency: z.literal("EUR", { error: "Valuta non supportata (solo EUR)" }).optional(),
  percentage: decimalString(AGENT_MESSAGES.percentage, { empty: "0.00", min: 0, max: 100, rangeMessage: AGENT_MESSAGES.percentageRange }).optional().default("0.00"),
});

/** Agente form (POST /api/agents[/{id}], field "agent"). */
export const agentSchema = z.object({
  title: optionalEntityRef,
  firstName: optionalText(100),
  lastName: optionalText(100),
  email1: optionalEmail,
  email2: optionalEmail,
  phone1: optionalText(50),
  phone2: optionalText(50),
  agentCommissions: z.array(agentCommissionSchema, { error: "Righe di provvigione non valide" }).max(100, AGENT_MESSAGES.tooManyRows).optional().default([]),
  version: versionField,
}).refine((a) => a.firstName !== "" || a.lastName !== "", { message: AGENT_MESSAGES.nameRequired, path: ["firstName"] });
export type AgentInput = z.infer<typeof agentSchema>;
export type AgentCommissionInput = z.infer<typeof agentCommissionSchema>;

/** An agente as the API answers it, with the commission rows. */
export const agentResponse = z.object({
  ...recordFields,
  title: optionSchema.nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email1: z.string(),
  email2: z.string(),
  phone1: z.string(),
  phone2: z.string(),
  agentCommissions: z.array(z.object({ id: z.number().int(), version: z.number().int(), fromAmount: z.number().int(), currency: z.literal("EUR"), percentage: z.string() })),
});
export type AgentJson = z.infer<typeof agentResponse>;

export interface AgentFormData {
  /** The field-value list of the titles (Dott., Ing., …). */
  titleFieldName: string;
}
