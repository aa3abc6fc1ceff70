import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("./notify", () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyProgress: vi.fn(() => "toast-1"),
  dismissNotify: vi.fn(),
}));
vi.mock("@/lib/client/dialogs", () => ({ alertDialog: vi.fn(() => Promise.resolve()), INFO_DIALOG_TITLE: "Informazione" }));

import { alertDialog } from "@/lib/client/dialogs";
import {
  ApiError,
  apiDelete,
  apiGet,
  apiPost,
  apiPostEntity,
  buildEntityFormData,
  buildUrl,
  errorList,
  errorMessage,
  httpErrorMessage,
  interpretResponse,
  isAbortError,
  shouldNotifySessionExpired,
  showError,
  showSuccess,
  uploadWithProgress,
} from "./api";
import { dismissNotify, notifyError, notifyProgress, notifySuccess } from "./notify";

const SESSION_MESSAGE = "Attenzione: pagina protetta. Forse è scaduta la sessione, prova a ricaricare la pagina";

function jsonResponse(body: unknown, status = 200, statusText = "") {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    statusText,
    headers: { "Content-Type": "application/json" },
  });
}

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.clearAllMocks();
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("window", { location: { pathname: "/fatture" } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("interpretResponse", () => {
  it("returns the body when status is ok", () => {
    const body = { status: "ok", message: "Salvato", activity: { id: 3 } };
    expect(interpretResponse(200, body)).toBe(body);
  });

  it("fails a 2xx with status error using the server message", () => {
    const err = catchError(() =>
      interpretResponse(200, { status: "error", message: "Sezionale disabilitato", errors: ["a", "b"] }),
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 200, message: "Sezionale disabilitato", errors: ["a", "b"] });
  });

  it("falls back to 'Errore del server' and logs a missing status", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(catchError(() => interpretResponse(200, { data: [] }, "", "/api/x"))).toMatchObject({
      status: 200,
      message: "Errore del server",
      errors: [],
    });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain("/api/x");
  });

  it("does not log when a status is present but not ok", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(catchError(() => interpretResponse(200, { status: "ko" }))).toMatchObject({ message: "Errore del server" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("treats a non-JSON 2xx body as a server error", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(catchError(() => interpretResponse(200, null))).toMatchObject({ message: "Errore del server" });
  });

  it("maps HTTP errors: server message, else 'Errore'", () => {
    expect(catchError(() => interpretResponse(409, { status: "error", message: "Record modificato" }))).toMatchObject({
      status: 409,
      message: "Record modificato",
    });
    expect(catchError(() => interpretResponse(500, null, "Internal Server Error"))).toMatchObject({
      status: 500,
      message: "Errore",
      errors: [],
    });
    expect(catchError(() => interpretResponse(400, { status: "error", message: "" }))).toMatchObject({ message: "Errore" });
  });

  it("keeps validation errors for the banner", () => {
    const err = catchError(() =>
      interpretResponse(400, {
        status: "error",
        message: "Errore nella compilazione dei campi\nIl campo \"Nome\" è richiesto",
        errors: ['Il campo "Nome" è richiesto', 42],
      }),
    );
    expect(err).toMatchObject({ status: 400, errors: ['Il campo "Nome" è richiesto'] });
  });

  it("maps 413 to 'File troppo grande' whatever the body", () => {
    expect(catchError(() => interpretResponse(413, null))).toMatchObject({ status: 413, message: "File troppo grande" });
    expect(catchError(() => interpretResponse(413, { status: "error", message: "Payload Too Large" }))).toMatchObject({
      message: "File troppo grande",
    });
  });
});

describe("httpErrorMessage", () => {
  it("detects 413 in status, message or status text", () => {
    expect(httpErrorMessage(413)).toBe("File troppo grande");
    expect(httpErrorMessage(400, "Http failure 413 Request Entity Too Large")).toBe("File troppo grande");
    expect(httpErrorMessage(502, null, "413 Too Large")).toBe("File troppo grande");
    expect(httpErrorMessage(404, "Elemento non trovato")).toBe("Elemento non trovato");
    expect(httpErrorMessage(404, null)).toBe("Errore");
    expect(httpErrorMessage(404)).toBe("Errore");
  });
});

describe("shouldNotifySessionExpired", () => {
  it("notifies for ordinary calls on application pages", () => {
    expect(shouldNotifySessionExpired("/api/activities/3", "/lavori")).toBe(true);
    expect(shouldNotifySessionExpired("/api/me/settings", "/")).toBe(true);
    expect(shouldNotifySessionExpired("/api/mex", "/fatture")).toBe(true);
    expect(shouldNotifySessionExpired("/api/users/get-profile", "/dashboard")).toBe(true);
  });

  it.each(["/api/login", "/api/logout", "/api/me", "/api/me?x=1", "/api/logout/", "https://app.example.it/api/me"])(
    "skips the session call %s",
    (url) => {
      expect(shouldNotifySessionExpired(url, "/fatture")).toBe(false);
    },
  );

  it.each(["/login", "/reset-password", "/reset-password-two", "/sign-in", "/sign-up", "/auth/access", "/auth/error", "/auth/anything"])(
    "skips the public page %s",
    (pathname) => {
      expect(shouldNotifySessionExpired("/api/tenants/get-data", pathname)).toBe(false);
    },
  );
});

describe("buildUrl", () => {
  it("serialises params as the grid and select calls expect", () => {
    const url = buildUrl("/api/field-values", {
      startRow: 0,
      limit: 50,
      fieldName: "title",
      columns: ["id", "fieldValue"],
      sortModel: [{ colId: "fieldValue", sort: "asc" }],
      filterModel: { fieldValue: { type: "contains", filter: "dott" } },
      skip: undefined,
      none: null,
      flag: false,
    });
    const [path, query] = url.split("?") as [string, string];
    expect(path).toBe("/api/field-values");
    const params = new URLSearchParams(query);
    expect(params.get("startRow")).toBe("0");
    expect(params.get("limit")).toBe("50");
    expect(params.get("columns")).toBe("id,fieldValue");
    expect(JSON.parse(params.get("sortModel")!)).toEqual([{ colId: "fieldValue", sort: "asc" }]);
    expect(JSON.parse(params.get("filterModel")!)).toEqual({ fieldValue: { type: "contains", filter: "dott" } });
    expect(params.has("skip")).toBe(false);
    expect(params.has("none")).toBe(false);
    expect(params.get("flag")).toBe("false");
  });

  it("appends to an existing query and leaves urls without params alone", () => {
    expect(buildUrl("/api/report-filters/init?type=ReportTodoManager", { a: 1 })).toBe(
      "/api/report-filters/init?type=ReportTodoManager&a=1",
    );
    expect(buildUrl("/api/x")).toBe("/api/x");
    expect(buildUrl("/api/x", { a: undefined })).toBe("/api/x");
  });
});

describe("buildEntityFormData", () => {
  it("puts the entity as JSON in one field and indexes file arrays", async () => {
    const logo = new File(["png"], "logo.png", { type: "image/png" });
    const a = new File(["a"], "a.pdf");
    const c = new File(["c"], "c.pdf");
    const fd = buildEntityFormData(
      "expense",
      { id: 5, taxable: { amount: 1000, currency: "EUR" } },
      { logoContent: logo, filesContent: [a, null, c], electronicInvoiceXmlFileContent: null },
    );
    expect(JSON.parse(fd.get("expense") as string)).toEqual({ id: 5, taxable: { amount: 1000, currency: "EUR" } });
    expect((fd.get("logoContent") as File).name).toBe("logo.png");
    expect((fd.get("filesContent[0]") as File).name).toBe("a.pdf");
    expect(fd.has("filesContent[1]")).toBe(false);
    expect(await (fd.get("filesContent[2]") as File).text()).toBe("c");
    expect(fd.has("electronicInvoiceXmlFileContent")).toBe(false);
    expect([...fd.keys()]).toEqual(["expense", "logoContent", "filesContent[0]", "filesContent[2]"]);
  });
});

describe("fetch helpers", () => {
  it("apiGet sends X-Requested-With and returns the ok body", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: "ok", data: [1, 2] }));
    const res = await apiGet<{ data: number[] }>("/api/invoice-sectionals", { q: "a b" });
    expect(res.data).toEqual([1, 2]);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/invoice-sectionals?q=a+b");
    expect(init.method).toBe("GET");
    expect((init.headers as Record<string, string>)["X-Requested-With"]).toBe("XMLHttpRequest");
  });

  it("apiPostEntity posts multipart with the entity field", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: "ok", message: "Salvato", service: { id: 1 } }));
    const res = await apiPostEntity("/api/services", "service", { name: "Consulenza" });
    expect(res.message).toBe("Salvato");
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.method).toBe("POST");
    expect(init.body).toBeInstanceOf(FormData);
    expect(JSON.parse((init.body as FormData).get("service") as string)).toEqual({ name: "Consulenza" });
  });

  it("apiPost without body and apiDelete use the right methods", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ status: "ok" })));
    await apiPost("/api/time-entries/time-entry-end");
    await apiDelete("/api/activities/9");
    expect((fetchMock.mock.calls[0]![1] as RequestInit).method).toBe("POST");
    expect((fetchMock.mock.calls[0]![1] as RequestInit).body).toBeUndefined();
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/activities/9");
    expect((fetchMock.mock.calls[1]![1] as RequestInit).method).toBe("DELETE");
  });

  it("throws ApiError with the server message on HTTP errors", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: "error", message: "Elemento non trovato" }, 404));
    await expect(apiGet("/api/agents/update-form-data/7")).rejects.toMatchObject({
      name: "ApiError",
      status: 404,
      message: "Elemento non trovato",
    });
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("maps a proxy's HTML 413 page", async () => {
    fetchMock.mockResolvedValue(new Response("<html>413 Request Entity Too Large</html>", { status: 413 }));
    await expect(apiPostEntity("/api/expenses", "expense", {})).rejects.toMatchObject({ message: "File troppo grande" });
  });

  it("network failures become ApiError status 0", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(apiGet("/api/x")).rejects.toMatchObject({ name: "ApiError", status: 0, message: "Errore" });
  });

  it("shows the session notice for 4 s on 401", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ status: "error", message: "Sessione scaduta" }, 401));
    await expect(apiGet("/api/tenants/get-data")).rejects.toMatchObject({ status: 401 });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(SESSION_MESSAGE, 4000, "session-expired");
  });

  it("does not show the session notice for /api/me or on public pages", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse({ status: "error", message: "x" }, 401)));
    await expect(apiGet("/api/me")).rejects.toBeInstanceOf(ApiError);
    await expect(apiPost("/api/login")).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal("window", { location: { pathname: "/reset-password" } });
    await expect(apiGet("/api/tenants/get-data")).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it("turns aborts into a recognisable AbortError, whatever the abort reason", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal!.addEventListener("abort", () => reject(init.signal!.reason));
        }),
    );
    const pending = apiGet("/api/expenses/get-calculated-fields", undefined, { signal: controller.signal });
    controller.abort("superseded");
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it("rejects at once when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await apiGet("/api/x", undefined, { signal: controller.signal }).catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("isAbortError", () => {
  it("recognises abort errors only", () => {
    expect(isAbortError(new DOMException("x", "AbortError"))).toBe(true);
    expect(isAbortError(new ApiError(500, "Errore"))).toBe(false);
    expect(isAbortError(new Error("AbortError"))).toBe(false);
    expect(isAbortError(null)).toBe(false);
    expect(isAbortError("AbortError")).toBe(false);
  });
});

describe("showing outcomes", () => {
  it("showSuccess toasts the message and opens a dialog for dialogMessage", async () => {
    await showSuccess({ message: "Modifica effettuata", dialogMessage: "Ricorda di inviare la fattura" });
    expect(notifySuccess).toHaveBeenCalledExactlyOnceWith("Modifica effettuata");
    expect(alertDialog).toHaveBeenCalledExactlyOnceWith("Ricorda di inviare la fattura", { title: "Informazione" });
  });

  it("showSuccess without dialogMessage only toasts; without message does nothing", async () => {
    await showSuccess({ message: "OK" });
    await showSuccess({});
    expect(notifySuccess).toHaveBeenCalledTimes(1);
    expect(alertDialog).not.toHaveBeenCalled();
  });

  it("showError alerts the message and ignores aborts", async () => {
    await showError(new ApiError(404, "Elemento non trovato"));
    await showError(new DOMException("x", "AbortError"));
    await showError("boom");
    expect(alertDialog).toHaveBeenNthCalledWith(1, "Elemento non trovato");
    expect(alertDialog).toHaveBeenNthCalledWith(2, "Errore");
    expect(alertDialog).toHaveBeenCalledTimes(2);
  });

  it("errorMessage appends field errors not already in the message; errorList feeds the banner", () => {
    const validation = new ApiError(400, "Errore nella compilazione dei campi\nA", ["A", "B"]);
    expect(errorMessage(validation)).toBe("Errore nella compilazione dei campi\nA\nB");
    expect(errorList(validation)).toEqual(["A", "B"]);
    expect(errorList(new ApiError(409, "Record modificato"))).toEqual(["Record modificato"]);
    expect(errorMessage(new Error("x"))).toBe("x");
  });
});

describe("uploadWithProgress", () => {
  class FakeXhr {
    static last: FakeXhr;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = "";
    responseText = "";
    method = "";
    url = "";
    headers: Record<string, string> = {};
    body: unknown;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.onabort?.();
    }
    respond(status: number, body: unknown) {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }

  beforeEach(() => {
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });

  it("reports progress percentages, updates the toast and resolves the ok body", async () => {
    const seen: number[] = [];
    const fd = buildEntityFormData("tenant", { id: 1 });
    const pending = uploadWithProgress<{ tenant: { id: number } }>("/api/tenants/post-actual", fd, {
      onProgress: (p) => seen.push(p),
      progressToast: true,
    });
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe("POST");
    expect(xhr.headers["X-Requested-With"]).toBe("XMLHttpRequest");
    expect(xhr.body).toBe(fd);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 3 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 2, total: 0 });
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 3, total: 3 });
    xhr.respond(200, { status: "ok", message: "Salvato", tenant: { id: 1 } });
    const res = await pending;
    expect(res.tenant.id).toBe(1);
    expect(seen).toEqual([0, 33, 100]);
    expect(notifyProgress).toHaveBeenCalledTimes(3);
    expect(notifyProgress).toHaveBeenLastCalledWith(100, "toast-1");
    expect(dismissNotify).toHaveBeenCalledWith("toast-1");
  });

  it("maps errors and 401 like the fetch helpers", async () => {
    const pending = uploadWithProgress("/api/expenses", new FormData());
    FakeXhr.last.respond(401, { status: "error", message: "Non autenticato" });
    await expect(pending).rejects.toMatchObject({ status: 401, message: "Non autenticato" });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith(SESSION_MESSAGE, 4000, "session-expired");

    const tooLarge = uploadWithProgress("/api/expenses", new FormData());
    FakeXhr.last.status = 413;
    FakeXhr.last.responseText = "<html></html>";
    FakeXhr.last.onload?.();
    await expect(tooLarge).rejects.toMatchObject({ status: 413, message: "File troppo grande" });
  });

  it("aborts through the signal", async () => {
    const controller = new AbortController();
    const pending = uploadWithProgress("/api/expenses", new FormData(), { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
  });
});
