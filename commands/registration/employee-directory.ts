import type { ClientCode } from '../../domain/shared/clients.ts';
import { HttpService, ok, readJsonExport } from '../outside-services.ts';

/**
 * The client's HR system, asked whether an employee code exists and whose national id it belongs to (spec:
 * "POST /VolunteerRegistration/ValidateEmployeeCode?id" answering Status and N_id; "employee code check succeeds only
 * if the returned national id equals the entered id number"). The comparison is the domain's
 * (domain/registration/employee.ts); an adapter only answers.
 */
export interface EmployeeDirectory {
  /** The national id on file for this employee code, or null when the HR system does not know the code. */
  nationalIdOf(client: ClientCode, employeeCode: string): Promise<string | null>;
}

/** The HR system could not be asked (down, time-out, an answer that is not the protocol's). */
export class EmployeeDirectoryUnavailableError extends Error {}

/**
 * The HR system over HTTP, as the spec's call: POST <base>/VolunteerRegistration/ValidateEmployeeCode?id=<code>,
 * answered { Status, N_id }. Status true (or 1, or "true") with an N_id means the code exists.
 */
export class HttpEmployeeDirectory implements EmployeeDirectory {
  private readonly service: HttpService;
  constructor(baseUrl: string, opts: { timeoutMs?: number } = {}) {
    this.service = new HttpService(baseUrl, 'HR system', EmployeeDirectoryUnavailableError, opts.timeoutMs);
  }

  async nationalIdOf(client: ClientCode, employeeCode: string): Promise<string | null> {
    const answer = await this.service.call(
      `/VolunteerRegistration/ValidateEmployeeCode?id=${encodeURIComponent(employeeCode)}`,
      { method: 'POST', headers: { accept: 'application/json', 'x-client-code': client } },
    );
    if (answer.status === 404) return null;
    if (!ok(answer.status)) throw this.service.failure(`answered ${answer.status}`);
    const body = this.service.json(answer) as { Status?: unknown; N_id?: unknown } | null;
    const found = body?.Status === true || body?.Status === 1 || body?.Status === 'true';
    if (!found) return null;
    if (typeof body.N_id !== 'string' && typeof body.N_id !== 'number')
      throw this.service.failure('answered Status without N_id');
    return String(body.N_id);
  }
}

/**
 * An HR export as a JSON file, for a portal without a reachable HR system (the embedded default):
 * [{ "client": "SRCA", "employeeCode": "E1001", "nationalId": "1012345678" }, …]. Read on every check, so a new
 * export takes effect without a restart; a missing file means no employee is known.
 */
export class FileEmployeeDirectory implements EmployeeDirectory {
  private readonly path: string;
  constructor(path: string) {
    this.path = path;
  }

  async nationalIdOf(client: ClientCode, employeeCode: string): Promise<string | null> {
    const rows = await readJsonExport(this.path, 'HR export', (m) => new EmployeeDirectoryUnavailableError(m));
    if (rows === undefined) return null;
    if (!Array.isArray(rows)) throw new EmployeeDirectoryUnavailableError(`HR export ${this.path} is not a list`);
    const code = employeeCode.trim().toUpperCase();
    for (const r of rows as { client?: unknown; employeeCode?: unknown; nationalId?: unknown }[]) {
      if (r.client === client && String(r.employeeCode ?? '').toUpperCase() === code && r.nationalId != null)
        return String(r.nationalId);
    }
    return null;
  }
}
