import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm } from '../../domain/registration/fixtures.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { Browser, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

// The red-crescent client has employee fields: its HR system is a real HTTP server here, answering the spec's
// ValidateEmployeeCode call ({ Status, N_id }).
const EMPLOYEES: Record<string, string> = { E1001: '1012340001', E1002: '1012340002' };
let hr: Server;
let hrDown = false;
const asked: string[] = [];
let portal: TestPortal;

beforeAll(async () => {
  hr = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hr');
    if (req.method !== 'POST' || url.pathname !== '/VolunteerRegistration/ValidateEmployeeCode') {
      res.writeHead(404).end();
      return;
    }
    const code = url.searchParams.get('id') ?? '';
    asked.push(code);
    if (hrDown) {
      res.writeHead(500).end('down');
      return;
    }
    const nid = EMPLOYEES[code];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(nid ? { Status: true, N_id: nid } : { Status: false, N_id: null }));
  });
  await new Promise<void>((r) => hr.listen(0, '127.0.0.1', r));
  const { port } = hr.address() as AddressInfo;
  portal = await startTestPortal({ clientCode: 'SRCA', employeeDirectoryUrl: `http://127.0.0.1:${port}/` });
});
afterAll(async () => {
  await portal?.close();
  await new Promise((r) => hr?.close(r));
});

async function visitor() {
  const b = new Browser(portal.app);
  b.csrf = (await b.get('/api/session')).json().csrfToken;
  return b;
}
let seq = 0;
function employeeForm(employeeCode: string, idNumber: string): RegistrationForm {
  seq++;
  const n = `${seq}${Date.now() % 100000}`;
  return {
    ...completeForm({
      userName: `emp_${n}`,
      email: `emp${n}@example.org`,
      mobile: `05${String(Date.now() % 1e4).padStart(4, '0')}${String(seq).padStart(4, '0')}`,
      idNumber,
    }),
    employee: { isEmployee: true, employeeCode },
  };
}

describe('employee number check (SRCA)', () => {
  it('answers the form at once: the number must belong to the id number entered', async () => {
    const v = await visitor();
    const ok = await v.post('/api/registrations/employee-code/check', {
      employeeCode: 'E1001',
      idNumber: '1012340001',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });

    const other = await v.post('/api/registrations/employee-code/check', {
      employeeCode: 'E1001',
      idNumber: '1012340002',
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('EmployeeCodeNotMatched');

    const unknown = await v.post('/api/registrations/employee-code/check', {
      employeeCode: 'E9999',
      idNumber: '1012340001',
    });
    expect(unknown.json().error.code).toBe('EmployeeCodeNotMatched');
    expect(asked).toEqual(expect.arrayContaining(['E1001', 'E9999']));
  });

  it('refuses a submit whose employee number belongs to someone else, writing nothing', async () => {
    const form = employeeForm('E1002', '1012340009');
    const res = await (await visitor()).post('/api/registrations', { form, submit: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'EmployeeCodeNotMatched',
      details: { issues: [{ path: 'employee.employeeCode', code: 'EmployeeCodeNotMatched' }] },
    });
    // No account, no claimed values: the same user name, e-mail and id number register fine once corrected.
    const login = await new Browser(portal.app).login(form.user!.userName!, form.user!.password!);
    expect(login.json().error.code).toBe('WrongInfo');
    form.employee = { isEmployee: true, employeeCode: 'E1002' };
    form.identity!.idNumber = '1012340002';
    const fixed = await (await visitor()).post('/api/registrations', { form, submit: true });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json().status).toBe(2);
  });

  it('requires the number when the volunteer says they are an employee', async () => {
    const form = employeeForm('', '1012340003');
    const res = await (await visitor()).post('/api/registrations', { form, submit: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.issues).toContainEqual({
      path: 'employee.employeeCode',
      code: 'AllFieldsRequired',
    });
  });

  it('answers 503 EmployeeDirectoryUnavailable while the HR system is down, and writes nothing', async () => {
    hrDown = true;
    try {
      const form = employeeForm('E1001', '1012340001');
      const res = await (await visitor()).post('/api/registrations', { form, submit: true });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('EmployeeDirectoryUnavailable');
      const login = await new Browser(portal.app).login(form.user!.userName!, form.user!.password!);
      expect(login.json().error.code).toBe('WrongInfo');
    } finally {
      hrDown = false;
    }
  });
});
