// Python exceptions: the builtin hierarchy (CPython 3.11 names and parents) and how they travel
// through JS. A Python exception is thrown as a `PyThrow` (deliberately not a JS Error: capturing a
// JS stack trace on every raise would be slow and useless). Anything else thrown (OutOfCycles, a
// MemoryLimit, an internal bug) is not catchable from Python and unwinds everything.
import { AttrDict } from "./attrs.js";
import { computeMro } from "./mro.js";
import { PyObject, PyType, type Value } from "./object.js";
import { T } from "./types.js";

export interface TracebackEntry {
  filename: string;
  line: number;
  name: string;
  /** The activation the entry belongs to, so a frame that caught and re-raises is listed once. */
  frame?: object;
}

/** Record that the exception passed through (or was caught in) `frame`, once per frame. */
export function addTraceback(e: PyBaseException, filename: string, line: number, name: string, frame: object): void {
  const tb = e.traceback;
  const last = tb[tb.length - 1];
  if (last !== undefined && last.frame === frame) return;
  tb.push({ filename, line, name, frame });
}

export class PyBaseException extends PyObject {
  declare args: Value[];
  declare traceback: TracebackEntry[];
  declare cause: PyBaseException | null;
  declare context: PyBaseException | null;
  declare suppressContext: boolean;
  /** For ExceptionGroup: the contained exceptions. */
  declare exceptions: PyBaseException[] | null;
  constructor(cls: PyType, args: Value[]) {
    super(cls, new AttrDict(cls));
    this.args = args;
    this.traceback = [];
    this.cause = null;
    this.context = null;
    this.suppressContext = false;
    this.exceptions = null;
  }
}

export class PyThrow {
  readonly exc: PyBaseException;
  constructor(exc: PyBaseException) {
    this.exc = exc;
  }
}

function exc(name: string, base: PyType | null): PyType {
  const bases = base === null ? [T.object] : [base];
  const t = new PyType(T.type, name, bases, new Map(), "exception", true);
  t.mro = computeMro(t);
  return t;
}

const BaseException = exc("BaseException", null);
const Exception = exc("Exception", BaseException);
const ArithmeticError = exc("ArithmeticError", Exception);
const LookupError = exc("LookupError", Exception);
const OSError = exc("OSError", Exception);
const RuntimeError = exc("RuntimeError", Exception);
const ImportError = exc("ImportError", Exception);
const NameError = exc("NameError", Exception);
const ValueError = exc("ValueError", Exception);
const UnicodeError = exc("UnicodeError", ValueError);
// biome-ignore lint/suspicious/noShadowRestrictedNames: the Python builtin's name; E.SyntaxError is the only use and JS's SyntaxError is not needed here
const SyntaxError = exc("SyntaxError", Exception);
const Warning = exc("Warning", Exception);
const BaseExceptionGroup = exc("BaseExceptionGroup", BaseException);
const ConnectionError = exc("ConnectionError", OSError);

/** The builtin exception classes. */
export const E = {
  BaseException,
  BaseExceptionGroup,
  SystemExit: exc("SystemExit", BaseException),
  KeyboardInterrupt: exc("KeyboardInterrupt", BaseException),
  GeneratorExit: exc("GeneratorExit", BaseException),
  Exception,
  ExceptionGroup: (() => {
    const t = new PyType(T.type, "ExceptionGroup", [BaseExceptionGroup, Exception], new Map(), "exception", true);
    t.mro = computeMro(t);
    return t;
  })(),
  StopIteration: exc("StopIteration", Exception),
  StopAsyncIteration: exc("StopAsyncIteration", Exception),
  ArithmeticError,
  FloatingPointError: exc("FloatingPointError", ArithmeticError),
  OverflowError: exc("OverflowError", ArithmeticError),
  ZeroDivisionError: exc("ZeroDivisionError", ArithmeticError),
  AssertionError: exc("AssertionError", Exception),
  AttributeError: exc("AttributeError", Exception),
  BufferError: exc("BufferError", Exception),
  EOFError: exc("EOFError", Exception),
  ImportError,
  ModuleNotFoundError: exc("ModuleNotFoundError", ImportError),
  LookupError,
  IndexError: exc("IndexError", LookupError),
  KeyError: exc("KeyError", LookupError),
  MemoryError: exc("MemoryError", Exception),
  NameError,
  UnboundLocalError: exc("UnboundLocalError", NameError),
  OSError,
  RuntimeError,
  NotImplementedError: exc("NotImplementedError", RuntimeError),
  RecursionError: exc("RecursionError", RuntimeError),
  SyntaxError,
  IndentationError: (() => {
    const t = exc("IndentationError", SyntaxError);
    return t;
  })(),
  SystemError: exc("SystemError", Exception),
  TypeError: exc("TypeError", Exception),
  ValueError,
  UnicodeError,
  UnicodeDecodeError: exc("UnicodeDecodeError", UnicodeError),
  UnicodeEncodeError: exc("UnicodeEncodeError", UnicodeError),
  Warning,
  UserWarning: exc("UserWarning", Warning),
  PendingDeprecationWarning: exc("PendingDeprecationWarning", Warning),
  SyntaxWarning: exc("SyntaxWarning", Warning),
  FutureWarning: exc("FutureWarning", Warning),
  ImportWarning: exc("ImportWarning", Warning),
  UnicodeWarning: exc("UnicodeWarning", Warning),
  BytesWarning: exc("BytesWarning", Warning),
  ResourceWarning: exc("ResourceWarning", Warning),
  EncodingWarning: exc("EncodingWarning", Warning),
  BlockingIOError: exc("BlockingIOError", OSError),
  ChildProcessError: exc("ChildProcessError", OSError),
  ConnectionError,
  BrokenPipeError: exc("BrokenPipeError", ConnectionError),
  ConnectionAbortedError: exc("ConnectionAbortedError", ConnectionError),
  ConnectionRefusedError: exc("ConnectionRefusedError", ConnectionError),
  ConnectionResetError: exc("ConnectionResetError", ConnectionError),
  FileExistsError: exc("FileExistsError", OSError),
  FileNotFoundError: exc("FileNotFoundError", OSError),
  InterruptedError: exc("InterruptedError", OSError),
  IsADirectoryError: exc("IsADirectoryError", OSError),
  NotADirectoryError: exc("NotADirectoryError", OSError),
  PermissionError: exc("PermissionError", OSError),
  ProcessLookupError: exc("ProcessLookupError", OSError),
  TimeoutError: exc("TimeoutError", OSError),
  ReferenceError: exc("ReferenceError", Exception),
  UnicodeTranslateError: exc("UnicodeTranslateError", UnicodeError),
  DeprecationWarning: exc("DeprecationWarning", Warning),
  RuntimeWarning: exc("RuntimeWarning", Warning),
} as const;

export type ExcName = keyof typeof E;

/** Build a Python exception instance of a builtin class with a single message argument. */
export function makeExc(cls: PyType, message?: string): PyBaseException {
  return new PyBaseException(cls, message === undefined ? [] : [message]);
}

/** `throw pyErr("TypeError", "...")`: the idiom for raising a builtin exception from TS. */
export function pyErr(name: ExcName, message?: string): PyThrow {
  return new PyThrow(makeExc(E[name], message));
}
