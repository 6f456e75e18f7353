/**
 * The program a Python pad's child runs (`python3 -u -c PYTHON_HOST_SOURCE`). Each cell is
 * compiled and `exec`ed in one persistent globals dict, so variables, imports and functions
 * persist across cells. The traceback (without the host's own frame) is the cell's error;
 * `sys.exit()` in a cell stops the cell, not the pad. Cell output goes to the real stdout and
 * stderr (so output of `os.system` and subprocesses is captured too), ended by the request's
 * marker; requests and replies travel on fd 3 (see `host-protocol.ts`).
 */
export const PYTHON_HOST_SOURCE = String.raw`
import json, linecache, os, sys, time, traceback, types

os.set_blocking(3, True)
os.set_inheritable(3, False)
_MAX_ERROR_CHARS = 1000000
# Cells live in a module of their own, registered as __main__ so pickling cell-defined functions works.
_cell_module = types.ModuleType('__main__')
_cell_globals = _cell_module.__dict__
_cell_globals['__builtins__'] = __builtins__
sys.modules['__main__'] = _cell_module


def _write_all(fd, data):
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _send(message):
    _write_all(3, (json.dumps(message) + '\n').encode('utf-8'))


def _flush():
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            stream.flush()
        except Exception:
            pass


def _run(code, name):
    linecache.cache[name] = (len(code), None, code.splitlines(True), name)
    try:
        compiled = compile(code, name, 'exec')
    except (SyntaxError, ValueError) as e:
        return ''.join(traceback.format_exception_only(type(e), e))
    try:
        exec(compiled, _cell_globals)
    except SystemExit as e:
        return 'SystemExit: %r (sys.exit() stops the cell, not the pad)' % (e.code,)
    except BaseException as e:
        tb = e.__traceback__.tb_next if e.__traceback__ is not None else None
        return ''.join(traceback.format_exception(type(e), e, tb))
    return ''


def _main():
    buffer = b''
    _send({'t': 'ready', 'runtime': 'python', 'version': sys.version.split()[0], 'pid': os.getpid()})
    while True:
        while b'\n' not in buffer:
            chunk = os.read(3, 65536)
            if not chunk:
                os._exit(0)
            buffer += chunk
        line, buffer = buffer.split(b'\n', 1)
        if not line.strip():
            continue
        request = json.loads(line)
        started = time.perf_counter()
        error = _run(request['code'], request['name'])
        duration_ms = (time.perf_counter() - started) * 1000
        if len(error) > _MAX_ERROR_CHARS:
            error = '...' + error[-_MAX_ERROR_CHARS:]
        _flush()
        marker = request['marker'].encode('utf-8')
        _write_all(1, marker)
        _write_all(2, marker)
        _send({'t': 'done', 'id': request['id'], 'error': error, 'durationMs': duration_ms})


_main()
`;
