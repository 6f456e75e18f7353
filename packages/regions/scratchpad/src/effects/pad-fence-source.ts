/**
 * The pad fence (`python3 -I -S -c PAD_FENCE_SOURCE <runtime> <args...>`): puts the process in
 * its own Landlock domain, then execs the runtime in place (same pid), so the pad and
 * everything it starts live in that domain for good.
 *
 * Why: a process of the same user may read another's `/proc/<pid>/environ` and, unless Yama
 * forbids it (`ptrace_scope` 0 or no Yama: Debian, Fedora, many containers), its whole memory
 * through `/proc/<pid>/mem` or ptrace. engram holds its API keys in memory, so a cell could scan
 * its parent's heap for them. The kernel refuses every such access (`ptrace_may_access`) from a
 * process in a Landlock domain to a process outside it, whatever the mode: no ptrace, no
 * `/proc/<pid>/mem`, no `/proc/<pid>/environ` of engram, of the shell that started it, or of any
 * other process of the user. The domain restricts nothing else on the file system: it handles
 * only "make a block device" (never needed) so that it exists at all; from Landlock ABI 6 it
 * also keeps the pad's signals inside it (a cell cannot kill engram). Landlock needs
 * `no_new_privs`, so setuid programs (sudo) do not gain privileges inside a pad.
 *
 * Python is the launcher because it can make the three system calls from its standard
 * library (ctypes); Node cannot. Where the fence cannot be raised (no Landlock, no ctypes) the
 * runtime still starts, unfenced: `isolation()` says so (it runs this program with `--probe`).
 */
export const PAD_FENCE_SOURCE = String.raw`
import ctypes, os, sys

def fence():
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError as e:
        return "no C library for ctypes: %s" % e
    syscall = libc.syscall
    syscall.restype = ctypes.c_long
    CREATE_RULESET, RESTRICT_SELF = 444, 446
    abi = syscall(CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(1))
    if abi < 1:
        return "this kernel has no Landlock (%s)" % os.strerror(ctypes.get_errno())

    class Ruleset(ctypes.Structure):
        _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]

    MAKE_BLOCK = 1 << 11
    SCOPE_SIGNAL = 1 << 1
    ruleset = Ruleset(MAKE_BLOCK, 0, SCOPE_SIGNAL if abi >= 6 else 0)
    size = 8 if abi < 4 else 16 if abi < 6 else 24
    fd = syscall(CREATE_RULESET, ctypes.byref(ruleset), ctypes.c_size_t(size), ctypes.c_uint32(0))
    if fd < 0:
        return "landlock_create_ruleset failed (%s)" % os.strerror(ctypes.get_errno())
    try:
        if libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
            return "prctl(PR_SET_NO_NEW_PRIVS) failed (%s)" % os.strerror(ctypes.get_errno())
        if syscall(RESTRICT_SELF, fd, ctypes.c_uint32(0)) != 0:
            return "landlock_restrict_self failed (%s)" % os.strerror(ctypes.get_errno())
    finally:
        os.close(fd)
    return "ok: Landlock ABI %d" % abi

problem = fence()
if sys.argv[1:] == ["--probe"]:
    # The interpreter itself, not a shim (pyenv's rewrites PATH): the host launches this file.
    sys.stdout.write(problem + "\n" + sys.executable + "\n")
    sys.exit(0)
os.execvp(sys.argv[1], sys.argv[1:])
`;
