import { z } from "zod";

/** The bell's calls: GET /api/notifications, POST /api/notifications/read. */
export const NOTIFICATIONS_URL = "/api/notifications";
export const NOTIFICATIONS_READ_URL = "/api/notifications/read";

export const NOTIFICATION_MESSAGES = {
  read: "Notifiche segnate come lette",
  nothing: 'Indicare le notifiche da segnare come lette ("ids") oppure "all"',
  ids: "Identificativi delle notifiche non validi",
} as const;

/** A notification as the bell shows it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** An in-app path (e.g. /impegni), or null. */
  link: z.string().nullable(),
  todoId: z.number().int().nullable(),
  /** ISO instants. */
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationJson = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the user's newest notifications and how many are unread. */
export interface NotificationsResponse {
  status: "ok";
  notifications: NotificationJson[];
  unread: number;
}

const MAX_ID = 2_147_483_647;
const id = z.number().int().positive().max(MAX_ID);

/**
 * POST /api/notifications/read: `ids` (a comma list "1,2" or a JSON array) or `all` ("1" / true). Both come as
 * form fields (multipart, urlencoded, or a JSON body whose keys become fields).
 */
export const markReadSchema = z
  .object({
    ids: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw.trim() === "") return [];
        let list: unknown;
        try {
          list = raw.trim().startsWith("[") ? JSON.parse(raw) : raw.split(",").map((s) => (/^\s*\d{1,10}\s*$/.test(s) ? Number(s) : s));
        } catch {
          list = null;
        }
        const parsed = z.array(id).max(10_000).safeParse(list);
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: "custom", message: NOTIFICATION_MESSAGES.ids });
        return z.NEVER;
      }),
    all: z
      .string()
      .optional()
      .transform((v) => v === "1" || v === "true"),
  })
  .refine((v) => v.all || v.ids.length > 0, { message: NOTIFICATION_MESSAGES.nothing });
export type MarkReadInput = z.infer<typeof markReadSchema>;

