/** The envelope of every API answer (DESIGN.md, API contract). */
export interface ApiSuccess<T> {
  success: true;
  data: T;
  message: string;
}

export interface FieldError {
  field: string;
  message: string;
}

export interface ApiFailure {
  success: false;
  message: string;
  errors?: FieldError[];
}

export type ApiAnswer<T> = ApiSuccess<T> | ApiFailure;
