//! What a confined command must not reach besides files (attacker round 6): kernel objects and
//! process attributes Landlock has no rule for — another process's resource limits (pilotdeck's:
//! its guard then cannot restore), the user's keyring, SysV shared memory, the ownership, xattrs and
//! setuid/world-write bits of files outside the project, and, as root, the capabilities (`reboot`,
//! modules, file capabilities on a binary outside the project). Each is refused with `EPERM`, in
//! every sandboxed mode (`clone3`, whose `CLONE_INTO_CGROUP` would leave a frozen cgroup, with
//! `ENOSYS`), while `chmod +x` of a project file and a command's own limits still work.

use std::os::unix::fs::{MetadataExt, PermissionsExt};

use super::mock_model::MockModel;
use super::{env_with, run_bash};

/// Tries each call and prints `NAME: DONE` or `NAME: refused (ERRNO)`; then the capability sets.
/// Every call is harmless where it is let through: a bad magic for `reboot`, bad descriptors for
/// the module and kexec calls, remote address 0 for `process_vm_writev`, no-op ownership changes.
const PROBE: &str = r#"
import ctypes, errno, os, resource, struct, sys
outside, project = sys.argv[1:3]
libc = ctypes.CDLL(None, use_errno=True)
def call(nr, *args):
    if libc.syscall(ctypes.c_long(nr), *args) == -1:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))
def ipc(fn, *args):
    ident = fn(*args)
    if ident == -1:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e))
    return ident
# pilotdeck's pid as /proc (the machine's) numbers it: a confined command's own pid namespace
# numbers its processes anew and does not hold pilotdeck.
def parent(pid):
    return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
pilotdeck = parent("self")
while open(f"/proc/{pilotdeck}/comm").read().strip() != "pilotdeck":
    pilotdeck = parent(pilotdeck)
c = ctypes.c_void_p
attempt("prlimit pilotdeck", lambda: resource.prlimit(pilotdeck, resource.RLIMIT_NOFILE, (0, 0)))
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
attempt("own limit", lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (soft // 2, hard)))
attempt("signal pilotdeck", lambda: os.kill(pilotdeck, 0))
one = (ctypes.c_char * 1)()
iov = struct.pack("PN", ctypes.addressof(one), 1)
remote = struct.pack("PN", 0, 1)
attempt("process_vm_writev", lambda: call(311, pilotdeck, iov, 1, remote, 1, 0))
attempt("kcmp", lambda: call(312, os.getpid(), pilotdeck, 0, 0, 0))
def pidfd_getfd():
    call(438, os.pidfd_open(pilotdeck), 0, 0)
attempt("pidfd_getfd", pidfd_getfd)
attempt("keyctl", lambda: call(250, 0, ctypes.c_int(-4), 0))
attempt("request_key", lambda: call(249, b"user", b"pd-no-such-key", None, 0))
attempt("add_key", lambda: call(248, b"user", b"pd-key", b"x", 1, ctypes.c_int(-2)))
def drop_shm():
    libc.shmctl(ipc(libc.shmget, 0, 4096, 0o600), 0, None)
def drop_sem():
    libc.semctl(ipc(libc.semget, 0, 1, 0o600), 0, 0)
def drop_msg():
    libc.msgctl(ipc(libc.msgget, 0, 0o600), 0, None)
attempt("shmget", drop_shm)
attempt("semget", drop_sem)
attempt("msgget", drop_msg)
attempt("shmat", lambda: call(30, -1, None, 0))
tool = os.path.join(outside, "tool")
path = tool.encode()
fd = os.open(tool, os.O_RDONLY)
attempt("chmod setuid", lambda: os.chmod(tool, 0o4755))
attempt("chmod world-write", lambda: os.chmod(tool, 0o757))
attempt("fchmod setgid", lambda: os.fchmod(fd, 0o2755))
attempt("chmod(2) setuid", lambda: call(90, path, 0o4755))
attempt("fchmodat setuid", lambda: call(268, -100, path, 0o4755))
attempt("fchmodat2 world-write", lambda: call(452, -100, path, 0o777, 0))
attempt("chown", lambda: os.chown(tool, os.getuid(), -1))
attempt("lchown", lambda: os.lchown(tool, os.getuid(), -1))
attempt("fchown", lambda: os.fchown(fd, -1, os.getgid()))
attempt("setxattr", lambda: os.setxattr(tool, "user.pd-planted", b"x"))
attempt("fsetxattr", lambda: os.setxattr(fd, "user.pd-planted", b"x"))
fcap = struct.pack("<5I", 0x02000001, 1 << 7, 0, 0, 0)
attempt("file capability", lambda: os.setxattr(tool, "security.capability", fcap))
attempt("removexattr", lambda: os.removexattr(tool, "user.pd-kept"))
attempt("reboot", lambda: call(169, 0, 0, 0, None))
attempt("finit_module", lambda: call(313, -1, b"", 0))
attempt("delete_module", lambda: call(176, b"pd_no_such_module", 0))
attempt("kexec_file_load", lambda: call(320, -1, -1, 0, None, 0))
attempt("io_uring_setup", lambda: call(425, 8, ctypes.create_string_buffer(120)))
# A size under the smallest clone_args: EINVAL where the call is let through.
attempt("clone3", lambda: call(435, ctypes.create_string_buffer(88), 1))
attempt("project chmod +x", lambda: os.chmod(os.path.join(project, "build.sh"), 0o755))
for line in open("/proc/self/status"):
    if line.startswith("Cap"):
        print(line.replace(":\t", ": ").strip())
"#;

/// The calls the probe expects let through; every other one must be refused with `EPERM`.
const ALLOWED: [&str; 2] = ["own limit", "project chmod +x"];
/// The calls aimed at pilotdeck's process that the seccomp filter lets the kernel look at: from
/// the bash tool, whose commands run in a pid namespace of their own, pilotdeck is not there to be
/// found (`ESRCH`). (`prlimit` on another process is refused by the filter first.)
const AT_PILOTDECK: [&str; 4] = [
    "signal pilotdeck",
    "process_vm_writev",
    "kcmp",
    "pidfd_getfd",
];

fn xattrs(path: &std::path::Path) -> String {
    let out = std::process::Command::new("python3")
        .args([
            "-c",
            "import os, sys; print(sorted(os.listxattr(sys.argv[1])))",
        ])
        .arg(path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// From the bash tool in a network-open `workspace-write` run (the filter's smallest socket rules)
/// and from `sandbox run` in `read-only` (whose permission checks refuse `python3` to the bash tool),
/// a confined Python script tries each call above: all refused with `EPERM` — pilotdeck's limits,
/// the file outside the project (mode, owner, xattrs) unchanged, no capability left but root's two
/// of file access —
/// while its own limit and `chmod +x` of a project file work; `chmod +x` from the shell too.
#[test]
fn a_confined_command_reaches_no_kernel_object_nor_another_process() {
    if !cfg!(target_arch = "x86_64") {
        eprintln!("the probe uses x86_64 syscall numbers; skipping");
        return;
    }
    let root = rustix::process::geteuid().is_root();
    if !root {
        eprintln!("not root: the capability part of this test proves nothing here");
    }
    for read_only in [false, true] {
        let mock = MockModel::spawn();
        let env = env_with(&mock, "");
        let outside = env.tmp.path().join("outside");
        let tool = outside.join("tool");
        env.write(&tool, "#!/bin/sh\n");
        std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
        let setup = std::process::Command::new("python3")
            .args([
                "-c",
                "import os, sys; os.setxattr(sys.argv[1], 'user.pd-kept', b'1')",
            ])
            .arg(&tool)
            .status()
            .unwrap();
        assert!(setup.success());
        let before = std::fs::metadata(&tool).unwrap();
        let xattrs_before = xattrs(&tool);
        env.write(&env.project.join("build.sh"), "#!/bin/sh\necho built\n");
        env.write(&env.project.join("run.sh"), "#!/bin/sh\necho ran\n");
        let probe = env.tmp.path().join("kernel.py");
        env.write(&probe, &super::python_probe(PROBE));
        let args = [
            probe.display().to_string(),
            outside.display().to_string(),
            env.project.display().to_string(),
        ];
        let (out, shell) = if read_only {
            let run = env
                .cmd()
                .args(["sandbox", "run", "--permission-mode", "read-only", "--"])
                .arg_str("python3")
                .args(&args)
                .run(0);
            (run.stdout, None)
        } else {
            let results = run_bash(
                &mock,
                &env,
                &["--allow-network"],
                &[
                    &format!("python3 {}", args.join(" ")),
                    "chmod +x run.sh && ./run.sh",
                ],
            );
            (results[0].clone(), Some(results[1].clone()))
        };
        let mode = if read_only {
            "read-only"
        } else {
            "workspace-write"
        };
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.contains(": DONE") || l.contains(": refused ("))
            .collect();
        assert_eq!(lines.len(), 33, "{mode}: {out}");
        for line in lines {
            let allowed = ALLOWED
                .iter()
                .any(|name| line.starts_with(&format!("{name}:")));
            let at_pilotdeck = AT_PILOTDECK
                .iter()
                .any(|name| line.starts_with(&format!("{name}:")));
            let expected = if allowed {
                ": DONE"
            } else if at_pilotdeck && !read_only {
                ": refused (ESRCH)"
            } else if line.starts_with("clone3:") {
                ": refused (ENOSYS)"
            } else {
                ": refused (EPERM)"
            };
            assert!(line.ends_with(expected), "{mode}: {line}\n{out}");
        }
        // Root keeps only CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (bits 1 and 2).
        let kept = if root {
            "0000000000000006"
        } else {
            "0000000000000000"
        };
        for (set, value) in [
            ("CapEff", kept),
            ("CapPrm", kept),
            ("CapInh", "0000000000000000"),
            ("CapAmb", "0000000000000000"),
        ] {
            assert!(
                out.contains(&format!("{set}: {value}")),
                "{mode}: {set}\n{out}"
            );
        }
        if root {
            assert!(out.contains(&format!("CapBnd: {kept}")), "{mode}: {out}");
        }
        if let Some(shell) = shell {
            assert!(shell.contains("ran"), "{shell}");
        }
        let after = std::fs::metadata(&tool).unwrap();
        assert_eq!(after.permissions().mode() & 0o7777, 0o755, "{mode}");
        assert_eq!((after.uid(), after.gid()), (before.uid(), before.gid()));
        assert_eq!(xattrs(&tool), xattrs_before, "{mode}");
        let build = std::fs::metadata(env.project.join("build.sh")).unwrap();
        assert_eq!(build.permissions().mode() & 0o777, 0o755, "{mode}");
    }
}

/// As root, a confined command keeps the file-access capabilities: a checkout owned by another uid
/// (a CI job as root on a bind mount) stays writable, while the same command still cannot write
/// outside the project.
#[test]
fn root_still_writes_a_project_owned_by_another_user() {
    if !rustix::process::geteuid().is_root() {
        eprintln!("not root: nothing to show");
        return;
    }
    let mock = MockModel::spawn();
    let env = env_with(&mock, "");
    let file = env.project.join("owned.txt");
    env.write(&file, "before\n");
    let outside = env.tmp.path().join("outside.txt");
    env.write(&outside, "kept\n");
    let nobody = Some(rustix::process::Uid::from_raw(65534));
    let group = Some(rustix::process::Gid::from_raw(65534));
    for path in [&env.project, &file] {
        rustix::fs::chown(path.as_path(), nobody, group).unwrap();
    }
    std::fs::set_permissions(&env.project, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();

    let results = run_bash(
        &mock,
        &env,
        &[],
        &[
            "echo after > owned.txt && echo new > made.txt && cat owned.txt",
            &format!("echo changed > {}", outside.display()),
        ],
    );

    assert!(results[0].contains("after"), "{results:?}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "after\n");
    assert!(env.project.join("made.txt").exists());
    assert_eq!(
        std::fs::read_to_string(&outside).unwrap(),
        "kept\n",
        "{results:?}"
    );
}
