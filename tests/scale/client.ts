/**
 * A browser-like client for tests/scale: one cookie jar, any base URL per call, so the same session
 * can be sent to either instance or through the proxy.
 */
export interface Answer {
  status: number;
  body: Record<string, any>;
}

export class Browser {
  private jar = new Map<string, string>();

  /** Another browser holding a copy of this one's cookies (a copied session cookie). */
  copy(): Browser {
    const other = new Browser();
    for (const [k, v] of this.jar) other.jar.set(k, v);
    return other;
  }

  private async call(base: string, method: string, path: string, body?: FormData): Promise<Answer> {
    const headers = new Headers({ "X-Requested-With": "XMLHttpRequest" });
    if (this.jar.size) headers.set("cookie", [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(base + path, { method, headers, body, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
    let parsed: Record<string, any>;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { nonJson: text.slice(0, 300) };
    }
    return { status: res.status, body: parsed };
  }

  get(base: string, path: string): Promise<Answer> {
    return this.call(base, "GET", path);
  }

  postForm(base: string, path: string, fields: Record<string, string> = {}): Promise<Answer> {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.set(k, v);
    return this.call(base, "POST", path, fd);
  }

  postEntity(base: string, path: string, name: string, entity: unknown): Promise<Answer> {
    const fd = new FormData();
    fd.set(name, JSON.stringify(entity));
    return this.call(base, "POST", path, fd);
  }

  login(base: string, username: string, password: string): Promise<Answer> {
    return this.postForm(base, "/api/login", { username, password });
  }
}
