import { describe, expect, it } from 'vitest';
import { fileSize, IMPORT_MAX_BYTES, UPLOAD_MESSAGES, uploadProblem } from './upload-checks';

describe('uploadProblem', () => {
  it('takes an Excel workbook and a CSV, whatever the case of the name', () => {
    expect(uploadProblem({ name: 'customers.xlsx', size: 2048 })).toBeNull();
    expect(uploadProblem({ name: 'Customers Export.CSV', size: 2048 })).toBeNull();
  });

  it('refuses other files in the server’s words before sending them', () => {
    expect(uploadProblem({ name: 'customers.xls', size: 2048 })).toBe(UPLOAD_MESSAGES.wrongType);
    expect(uploadProblem({ name: 'photo.jpg', size: 2048 })).toBe(UPLOAD_MESSAGES.wrongType);
    expect(uploadProblem({ name: 'customers.csv.pdf', size: 2048 })).toBe(
      UPLOAD_MESSAGES.wrongType,
    );
  });

  it('refuses an empty file and one over the limit, and takes one exactly at it', () => {
    expect(uploadProblem({ name: 'a.csv', size: 0 })).toBe(UPLOAD_MESSAGES.empty);
    expect(uploadProblem({ name: 'a.csv', size: IMPORT_MAX_BYTES })).toBeNull();
    expect(uploadProblem({ name: 'a.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe(
      UPLOAD_MESSAGES.tooLarge,
    );
  });
});

describe('fileSize', () => {
  it('says sizes as people do', () => {
    expect(fileSize(512)).toBe('512 bytes');
    expect(fileSize(840 * 1024)).toBe('840 KB');
    expect(fileSize(3.2 * 1024 * 1024)).toBe('3.2 MB');
  });
});
