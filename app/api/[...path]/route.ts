// Every /api/* path that names no call: 404 with the JSON envelope, whatever the method (without this, Next.js
// answers an unknown POST as a Server Action: 409 "Server Action unavailable.").
import { UNKNOWN_CALL } from "@/lib/api/entity-routes";
import { fail } from "@/lib/api/respond";

const notFound = async (): Promise<Response> => fail(404, UNKNOWN_CALL);

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const OPTIONS = notFound;
