import { z } from "zod";
import { centsField, decimalString, optionalEmail, optionalEntityRef, optionalText, rowIdentity, versionField } from "./fields";

export const AGENT_MESSAGES = {
  percentage: 'Il campo "Percentuale" non è un numero decimale corretto',
  percentageRange: 'Il campo "Percentuale" deve essere compreso tra 0 e 100',
  fromAmount: 'Il campo "Da importo" non è un importo valido',
  tooManyRows: "Troppe righe di provvigione (massimo 100)",
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
  id: z.number().optional(),
  title: optionalEntityRef,
  firstName: optionalText(100),
  lastName: optionalText(100),
  email1: optionalEmail,
  email2: optionalEmail,
  phone1: optionalText(50),
  phone2: optionalText(50),
  agentCommissions: z.array(agentCommissionSchema, { error: "Righe di provvigione non valide" }).max(100, AGENT_MESSAGES.tooManyRows).optional().default([]),
  version: versionField,
});
export type AgentInput = z.infer<typeof agentSchema>;
export type AgentCommissionInput = z.infer<typeof agentCommissionSchema>;
