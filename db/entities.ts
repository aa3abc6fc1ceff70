/**
 * Every declared entity (db/entity.ts). Derived from this list: the row-colour whitelist of
 * POST /api/row-colors/change-row-colors and the generic cross-tenant and bad-input API tests
 * (tests/api/entities.test.ts). A new entity is added here once.
 */
import "server-only";
import type { AnyEntity } from "./entity";
import { activityEntity } from "./queries/activities";
import { agendaEventEntity } from "./queries/agenda-events";
import { agentEntity } from "./queries/agents";
import { bankAccountEntity } from "./queries/bank-accounts";
import { contactEntity } from "./queries/contacts";
import { expenseEntity } from "./queries/expenses";
import { fieldValueEntity } from "./queries/field-values";
import { invoiceSectionalEntity } from "./queries/invoice-sectionals";
import { invoiceEntity } from "@/db/documents/entity";
import { itemEntity } from "./queries/items";
import { paymentModalityEntity } from "./queries/payment-modalities";
import { plannedOperationEntity } from "./queries/planned-operations";
import { serviceEntity } from "./queries/services";
import { timeEntryEntity } from "./queries/time-entries";
import { todoEntity } from "./queries/todos";
import { userEntity } from "./queries/users-admin";
import { vatRateEntity } from "./queries/vat-rates";

export const ENTITIES: readonly AnyEntity[] = [
  fieldValueEntity,
  vatRateEntity,
  itemEntity,
  serviceEntity,
  bankAccountEntity,
  paymentModalityEntity,
  agentEntity,
  invoiceSectionalEntity,
  userEntity,
  contactEntity,
  activityEntity,
  timeEntryEntity,
  invoiceEntity,
  expenseEntity,
  todoEntity,
  agendaEventEntity,
  plannedOperationEntity,
];

/** The entity whose rows live in `tableName` (row colours), if any. */
export function entityOfTable(tableName: string): AnyEntity | undefined {
  return ENTITIES.find((e) => e.tableName === tableName);
}
