//! A child process that cannot outlive its test: [`ChildGuard`] kills and reaps it when
//! dropped, on every path out of the test, a failed assertion (panic) included, and every
//! wait on it has a deadline (a hung child fails the test with a message instead of hanging
//! it, and is killed). Used by the process-level tests (`tests/cli_*.rs`,
//! `tests/common/proxy_process.rs`): a test that failed half-way once left an
//! `a2a-interop proxy --report report.fifo` process running.
#![allow(dead_code)]

use std::io::Read;
use std::ops::{Deref, DerefMut};
use std::process::{Child, Command, ExitStatus, Output};
use std::time::{Duration, Instant};

/// Owns a running child process; derefs to [`Child`] (`id`, `stdin`, `try_wait`, ...).
pub struct ChildGuard {
    child: Child,
}

impl ChildGuard {
    /// Spawns `cmd` (its stdio as the caller set it up); panics when it cannot start.
    pub fn spawn(cmd: &mut Command) -> ChildGuard {
        ChildGuard {
            child: cmd.spawn().expect("spawn the child process"),
        }
    }

    /// Guards an already spawned `child`.
    pub fn new(child: Child) -> ChildGuard {
        ChildGuard { child }
    }

    /// Sends signal `sig` (`INT`, `TERM`, `KILL`) with `kill(1)`; panics when it fails.
    pub fn signal(&self, sig: &str) {
        let st = Command::new("kill")
            .args([&format!("-{sig}"), &self.child.id().to_string()])
            .status()
            .expect("run kill(1)");
        assert!(st.success(), "kill -{sig} {} failed", self.child.id());
    }

    /// Waits at most `limit` for the child to exit and returns its status; past `limit` it
    /// is killed, reaped, and the test fails naming `what`.
    pub fn wait_for(&mut self, limit: Duration, what: &str) -> ExitStatus {
        let t0 = Instant::now();
        loop {
            if let Some(st) = self.child.try_wait().expect("try_wait on the child") {
                return st;
            }
            if t0.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!("{what}: still running after {limit:?} (killed)");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// [`Child::wait_with_output`] with a deadline: stdout and stderr (when piped) are read
    /// on threads while [`ChildGuard::wait_for`] waits at most `limit`.
    pub fn output_within(mut self, limit: Duration, what: &str) -> Output {
        drop(self.child.stdin.take());
        let reader = |p: Option<Box<dyn Read + Send>>| {
            std::thread::spawn(move || {
                let mut buf = Vec::new();
                if let Some(mut p) = p {
                    let _ = p.read_to_end(&mut buf);
                }
                buf
            })
        };
        let out = reader(
            self.child
                .stdout
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        );
        let err = reader(
            self.child
                .stderr
                .take()
                .map(|p| Box::new(p) as Box<dyn Read + Send>),
        );
        let status = self.wait_for(limit, what);
        Output {
            status,
            stdout: out.join().unwrap_or_default(),
            stderr: err.join().unwrap_or_default(),
        }
    }
}

impl Deref for ChildGuard {
    type Target = Child;
    fn deref(&self) -> &Child {
        &self.child
    }
}

impl DerefMut for ChildGuard {
    fn deref_mut(&mut self) -> &mut Child {
        &mut self.child
    }
}

impl Drop for ChildGuard {
    /// Kills (SIGKILL) and reaps the child unless it has already been reaped; a no-op for
    /// one that exited and was waited for.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}
