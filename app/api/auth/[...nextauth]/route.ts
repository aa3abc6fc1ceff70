// GET/POST /api/auth/* — Auth.js endpoints (session cookie, CSRF); the app logs in through /api/login.
import { handlers } from "@/lib/auth";
export const { GET, POST } = handlers;
