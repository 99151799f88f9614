/*!
Output files of every command (`export --har`, `report -o`, `verify -o`, `repro -o`,
`proxy --report`, `probe -o`, `interop -o`, `demo -o`): one way to write them, so that a
failed write never destroys anything.

- `-` is standard output.
- A regular file (or a path that does not exist yet) is written to a temporary file in the
  same directory (`.NAME.a2a-interop-tmp-PID-N`, created exclusively) and renamed over the
  path only when every byte is written and synced: a failed write (disk full, `ulimit -f`,
  an I/O error) leaves the old file as it was and removes only the temporary file. An
  existing file keeps its permission bits; a new one gets `0666` less the umask.
- A symlink is followed: a symlink to a regular file has its *target* replaced that way
  (the link itself stays); a symlink to a device stays a symlink.
- Anything else (a character device such as `/dev/full` or `/dev/null`, a FIFO, a socket,
  `/dev/stdout`) is opened and written directly, and never removed or replaced.

[`same_file`] tells when an output path names the input or recording of the same run (B3:
writing there would destroy it). A regular file that another process is recording to (it
holds the recorder's lock) is never replaced: [`OutFile::create`] fails with a message
naming it (breaker10n N2). A report or HAR path that holds an earlier recording is refused
by the commands before they run ([`held_recording`], newcomer24 N1); `repro -o` may replace
its own earlier cut.
*/

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Where the bytes go.
enum Target {
    Stdout(io::StdoutLock<'static>),
    /// A special file (device, FIFO, socket) or a dangling symlink: written in place.
    Direct(File),
    /// A regular file: staged in `tmp`, renamed to `dest` by [`OutFile::commit`].
    Staged {
        file: File,
        tmp: PathBuf,
        dest: PathBuf,
    },
}

/// An output file being written (module docs). Call [`OutFile::commit`] when done;
/// dropped without it, a staged temporary file is removed and the destination is untouched.
pub struct OutFile {
    target: Option<Target>,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// The temporary files of the [`OutFile`]s being written now, for [`remove_staged`].
static STAGED: std::sync::Mutex<Vec<PathBuf>> = std::sync::Mutex::new(Vec::new());

fn staged_list() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    STAGED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

fn unstage(tmp: &Path) {
    staged_list().retain(|p| p != tmp);
}

/// Removes the temporary files of every [`OutFile`] still being written (their
/// destinations stay as they were), for a process about to exit without running
/// destructors (`std::process::exit` on a second Ctrl-C while `proxy` writes its report,
/// q21 Q4): no `.NAME.a2a-interop-tmp-PID-N` file is left beside the output. Returns how
/// many it removed.
pub fn remove_staged() -> usize {
    let mut list = staged_list();
    let n = list.len();
    for p in list.drain(..) {
        let _ = std::fs::remove_file(p);
    }
    n
}

/// An `IsADirectory` error for a path that ends in `/` and is no directory yet (`-o out/`):
/// it names a directory whether or not one exists, so it is said before anything is written,
/// not as the rename's "Not a directory (os error 20)" after the whole output was
/// (newcomer44). An existing directory is left to the callers, which say "is a directory".
fn names_a_new_directory(path: &Path) -> io::Result<()> {
    if path.as_os_str().to_string_lossy().ends_with('/') && !path.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            format!(
                "{} ends in /, so it names a directory, not a file",
                path.display()
            ),
        ));
    }
    Ok(())
}

/// Checks, before a command reads its input, that [`OutFile::create`] can stage `path`
/// (issue 7: `report big.jsonl -o /proc/x.json` read the whole input, then failed): the
/// directory the temporary file goes in (the nearest one that exists, when the path's
/// own is still to be created) takes a new file, tried by creating and removing one
/// (`.a2a-interop-output-check-PID-N`). `-`, a directory (said by the command itself), a
/// device, FIFO or socket (written in place) and a dangling symlink are not checked.
///
/// # Errors
/// The error of creating that file (`No such file or directory` under `/proc`,
/// `Permission denied`, `Read-only file system`), a `Not a directory` one naming the file in
/// the way as [`name_not_a_directory`] does for the write itself; an `IsADirectory` one
/// for a path that ends in `/` and is no directory.
pub fn check_writable(path: &Path) -> io::Result<()> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    names_a_new_directory(path)?;
    let dest = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => match std::fs::canonicalize(path) {
            Ok(real) => real,
            Err(_) => return Ok(()),
        },
        _ => path.to_path_buf(),
    };
    if std::fs::metadata(&dest).is_ok_and(|m| !m.is_file()) {
        return Ok(());
    }
    let mut dir = dest
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    while std::fs::symlink_metadata(&dir).is_err() {
        match dir.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(up) => dir = up.to_path_buf(),
            None => {
                dir = PathBuf::from(".");
                break;
            }
        }
    }
    let check = dir.join(format!(
        ".a2a-interop-output-check-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&check)
        .map(|_| {
            let _ = std::fs::remove_file(&check);
        })
        .map_err(|e| name_not_a_directory(path, e))
}

impl OutFile {
    /// Opens `path` for writing (module docs): `-` is standard output; missing parent
    /// directories of a new file are created.
    ///
    /// # Errors
    /// `path` is a directory, its directory cannot be created, or the file (or its
    /// temporary sibling) cannot be opened.
    pub fn create(path: &Path) -> io::Result<OutFile> {
        Self::create_with(path, false)
    }

    /// [`OutFile::create`] for an output that keeps secrets (a HAR of a `--no-redact`
    /// recording, breaker10n N5): a regular file is written `0600` (owner read/write only),
    /// a replaced one included; devices, FIFOs and standard output as `create`.
    ///
    /// # Errors
    /// As [`OutFile::create`].
    pub fn create_private(path: &Path) -> io::Result<OutFile> {
        Self::create_with(path, true)
    }

    fn create_with(path: &Path, private: bool) -> io::Result<OutFile> {
        Self::create_in(path, private).map_err(|e| name_not_a_directory(path, e))
    }

    fn create_in(path: &Path, private: bool) -> io::Result<OutFile> {
        if path.as_os_str() == "-" {
            return Ok(OutFile {
                target: Some(Target::Stdout(io::stdout().lock())),
            });
        }
        names_a_new_directory(path)?;
        // Follow a symlink to what it names: that is what gets written.
        let dest = match std::fs::symlink_metadata(path) {
            Ok(m) if m.file_type().is_symlink() => match std::fs::canonicalize(path) {
                Ok(real) => real,
                // dangling: writing through it creates its target, nothing to replace
                Err(_) => return Self::direct(path, true),
            },
            Ok(_) => path.to_path_buf(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => path.to_path_buf(),
            Err(e) => return Err(e),
        };
        let existing = match std::fs::metadata(&dest) {
            Ok(m) if m.is_dir() => {
                return Err(io::Error::new(
                    io::ErrorKind::IsADirectory,
                    format!("{} is a directory", path.display()),
                ))
            }
            Ok(m) if !m.is_file() => return Self::direct(&dest, false),
            Ok(m) => {
                refuse_live_recording(path, &dest)?;
                Some(m)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let dir = match dest.parent().filter(|d| !d.as_os_str().is_empty()) {
            Some(d) => {
                if let Some(top) = create_dirs_for(&dest)? {
                    crate::errln!(
                        "{}: {}",
                        crate::stderr_prefix(),
                        created_dir_line(&top, &dest, &path.display().to_string())
                    );
                }
                d.to_path_buf()
            }
            None => PathBuf::from("."),
        };
        let name = dest
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "out".into());
        let (file, tmp) = loop {
            let tmp = dir.join(format!(
                ".{name}.a2a-interop-tmp-{}-{}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            ));
            let mut o = std::fs::OpenOptions::new();
            o.write(true).create_new(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::OpenOptionsExt as _;
                o.mode(if private { 0o600 } else { 0o666 });
            }
            match o.open(&tmp) {
                Ok(f) => break (f, tmp),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        };
        match existing {
            #[cfg(unix)]
            Some(_) if private => {
                use std::os::unix::fs::PermissionsExt as _;
                file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
            }
            // the replaced file's mode (a 0600 report stays 0600)
            Some(m) => {
                let _ = file.set_permissions(m.permissions());
            }
            None => {}
        }
        staged_list().push(tmp.clone());
        Ok(OutFile {
            target: Some(Target::Staged { file, tmp, dest }),
        })
    }

    fn direct(path: &Path, create: bool) -> io::Result<OutFile> {
        if !create {
            if let Some(file) = open_fifo_writer(path)? {
                return Ok(OutFile {
                    target: Some(Target::Direct(file)),
                });
            }
        }
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(create)
            .truncate(create)
            .open(path)?;
        Ok(OutFile {
            target: Some(Target::Direct(file)),
        })
    }

    /// Finishes the write: flushes (and syncs a regular file), then renames the temporary
    /// file over the destination.
    ///
    /// # Errors
    /// The last bytes cannot be written or synced, or the rename fails; the destination is
    /// then as it was before and the temporary file is removed.
    pub fn commit(mut self) -> io::Result<()> {
        match self.target.take() {
            None => Ok(()),
            Some(Target::Stdout(mut s)) => s.flush(),
            Some(Target::Direct(mut f)) => f.flush(),
            Some(Target::Staged {
                mut file,
                tmp,
                dest,
            }) => {
                let res = file
                    .flush()
                    .and_then(|()| file.sync_all())
                    .and_then(|()| std::fs::rename(&tmp, &dest));
                if res.is_err() {
                    let _ = std::fs::remove_file(&tmp);
                }
                unstage(&tmp);
                res
            }
        }
    }
}

impl Write for OutFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.target {
            Some(Target::Stdout(s)) => s.write(buf),
            Some(Target::Direct(f)) | Some(Target::Staged { file: f, .. }) => f.write(buf),
            None => Err(io::Error::other("output already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.target {
            Some(Target::Stdout(s)) => s.flush(),
            Some(Target::Direct(f)) | Some(Target::Staged { file: f, .. }) => f.flush(),
            None => Ok(()),
        }
    }
}

impl Drop for OutFile {
    fn drop(&mut self) {
        if let Some(Target::Staged { tmp, .. }) = self.target.take() {
            // only the temporary file this run created
            let _ = std::fs::remove_file(&tmp);
            unstage(&tmp);
        }
    }
}

/// Refuses to replace a file that another process is recording to (breaker10n N2: `-o
/// session.jsonl` for `-o session.json` put a new file over a live recording, whose proxy
/// then wrote every later event into the unlinked file). The recorder holds an exclusive
/// advisory lock on its file for the whole run (`flock`, [`crate::record::writer`]); a
/// shared lock that cannot be had here means such a writer is live. `shown` is the path as
/// the user typed it, `dest` the regular file it names.
///
/// # Errors
/// `ResourceBusy` with a message naming the file.
pub fn refuse_live_recording(shown: &Path, dest: &Path) -> io::Result<()> {
    let Ok(f) = File::open(dest) else {
        // unreadable: the rename below decides; no recorder can be told apart here
        return Ok(());
    };
    match f.try_lock_shared() {
        Err(std::fs::TryLockError::WouldBlock) => Err(io::Error::new(
            io::ErrorKind::ResourceBusy,
            format!(
                "{} is being recorded by another a2a-interop process (its --record file): writing there would replace the live recording; hint: give another output path",
                shown.display()
            ),
        )),
        _ => Ok(()),
    }
}

/// What an output path holds when it is an a2a-interop recording: a regular, non-empty
/// file whose first line is a recording header (`{"type":"recording",...}`,
/// docs/recording-format.md), described as `65091 bytes, started 2026-12-03T07:09:44.383Z`.
/// `None` for anything else (no file, an empty file, a device or FIFO, which is never
/// opened here, or a file of another kind such as an earlier report), and for a recording
/// another process is writing now, which [`refuse_live_recording`] refuses in its own
/// words.
///
/// A report or HAR written there would erase the evidence of that run (newcomer24 N1:
/// `proxy --report session.jsonl`, the last run's `--record` file typed in the wrong flag,
/// put the Markdown report over that recording at the stop). `verify -o`, `report -o`,
/// `export --har`, `proxy --report` and the `-o` of `probe`, `interop` and `demo` refuse
/// such a path before they run (exit 2); `repro -o` too, unless the header says `cut` (a
/// cut it wrote earlier).
pub fn held_recording(p: &Path) -> Option<String> {
    if p.as_os_str() == "-" {
        return None;
    }
    let m = std::fs::metadata(p)
        .ok()
        .filter(|m| m.is_file() && m.len() > 0)?;
    if refuse_live_recording(p, p).is_err() {
        return None;
    }
    let started = crate::record::writer::earlier_recording(p).ok()?;
    Some(format!(
        "{} bytes{}",
        m.len(),
        started
            .map(|t| format!(", started {t}"))
            .unwrap_or_default()
    ))
}

/// Creates the directories `path` goes in that are not there yet (`mkdir -p` of its
/// parent) and returns the topmost one it created (`out` for `out/run1/x.jsonl` when
/// neither existed), so the caller can say so; `None` when the directory was there
/// (newcomer25 N12: `--record /nonexistent/dir/x.jsonl` created `/nonexistent/dir` in
/// silence, and a typo in a directory name went unnoticed).
///
/// # Errors
/// The directory cannot be created (`create_dir_all`'s error; a file in the way is named,
/// [`name_not_a_directory`]).
pub fn create_dirs_for(path: &Path) -> io::Result<Option<PathBuf>> {
    let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) else {
        return Ok(None);
    };
    if dir.is_dir() {
        return Ok(None);
    }
    // the topmost missing ancestor: what `rm -r` would take away again
    let mut top = dir;
    while let Some(up) = top.parent().filter(|d| !d.as_os_str().is_empty()) {
        if up.exists() {
            break;
        }
        top = up;
    }
    // `--record=~/runs/x.jsonl`: the shell expands `~` only at the start of a word, not
    // after `=` or inside quotes, and a directory named `~` would be made here, where the
    // user looks for nothing and a later `rm -r ~` cleans up the home directory instead
    // (newcomer29 N7). Refused, naming the two ways to write it.
    // The command line is checked before this (`cli::unexpanded_tilde`, naming the flag
    // as typed); this is the backstop for a path from elsewhere, `~user` too (review29b).
    let top_name = top.to_string_lossy();
    if top.parent().is_none_or(|p| p.as_os_str().is_empty()) && top_name.starts_with('~') {
        let rest = path.strip_prefix(top).unwrap_or(path);
        let base = if top_name == "~" {
            "$HOME".to_string()
        } else {
            format!("the home directory of {}", &top_name[1..])
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{} starts with a `{top_name}` the shell did not expand (it does not after `=` or inside quotes), so a directory named `{top_name}` would be created in the current directory; give the flag and the path apart (no `=` between them), or write {base}/{}",
                path.display(),
                rest.display()
            ),
        ));
    }
    let top = top.to_path_buf();
    std::fs::create_dir_all(dir).map_err(|e| name_not_a_directory(path, e))?;
    Ok(Some(top))
}

/// The stderr line after [`create_dirs_for`] created `top` and the directories below it
/// that `path` goes in, for `what` (`--record out/run1/x.jsonl`, `out/report.md`): each
/// directory made is named, `created directory out/ (it did not exist) for out/report.md`,
/// `created directories out/ and out/run1/ (they did not exist) for --record
/// out/run1/x.jsonl` (newcomer30: `-o deep/x/r.html` said only `deep/` was created); more
/// than three as the top one and how many under it, `created directory runs/ and 9 under
/// it for runs/a/b/c/d/e/f/g/h/i/r.md`, the path last.
pub fn created_dir_line(top: &Path, path: &Path, what: &str) -> String {
    // `path`'s directories from `top` down (top was the topmost one missing)
    let mut made: Vec<&Path> = path
        .ancestors()
        .skip(1)
        .take_while(|d| !d.as_os_str().is_empty() && d.starts_with(top))
        .collect();
    made.reverse();
    let shown: Vec<String> = made.iter().map(|d| format!("{}/", d.display())).collect();
    match shown.as_slice() {
        [] => format!(
            "created directory {}/ (it did not exist) for {what}",
            top.display()
        ),
        [one] => format!("created directory {one} (it did not exist) for {what}"),
        // more than three: the top one and a count (newcomer57: ten listed, each longer
        // than the last, made a 330-character line, the path it was for at its end)
        [first, rest @ ..] if rest.len() > 2 => format!(
            "created directory {first} and {} under it for {what}",
            rest.len()
        ),
        [init @ .., last] => format!(
            "created directories {} and {last} (they did not exist) for {what}",
            init.join(", ")
        ),
    }
}

/// `e` for output path `path`, with the part of the path that is in the way named when
/// the OS said only "Not a directory" (ENOTDIR: a component of the path that must be a
/// directory is a file): `afile is a file, not a directory, so afile/x/r.json cannot be
/// created under it (Not a directory)` for `-o afile/x/r.json` (review26 R9); also when
/// it said "File exists" (EEXIST: `create_dir_all` of a directory that is a file, the
/// parent of `--record afile/x.jsonl`; ux38: "cannot create recording directory afile:
/// File exists"). Any other error, or one whose blocking component cannot be found, is
/// returned as it is.
pub fn name_not_a_directory(path: &Path, e: io::Error) -> io::Error {
    if !matches!(
        e.kind(),
        io::ErrorKind::NotADirectory | io::ErrorKind::AlreadyExists
    ) {
        return e;
    }
    // the shallowest ancestor that exists and is no directory (following symlinks, as the
    // OS does when it walks the path)
    let mut ancestors: Vec<&Path> = path
        .ancestors()
        .skip(1)
        .filter(|a| !a.as_os_str().is_empty())
        .collect();
    ancestors.reverse();
    let Some((blocker, what)) = ancestors.into_iter().find_map(|a| {
        let m = std::fs::metadata(a).ok()?;
        if m.is_dir() {
            return None;
        }
        let what = if m.is_file() {
            "a file"
        } else {
            "a special file (device, FIFO or socket)"
        };
        Some((a, what))
    }) else {
        return e;
    };
    io::Error::new(
        io::ErrorKind::NotADirectory,
        format!(
            "{} is {what}, not a directory, so {} cannot be created under it (Not a directory); pick a path whose directories are directories, or move {} away",
            blocker.display(),
            path.display(),
            blocker.display()
        ),
    )
}

/// Writes `bytes` to `path` whole through [`OutFile`] (module docs).
///
/// # Errors
/// As [`OutFile::create`], or any write error (the destination is then unchanged).
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = OutFile::create(path)?;
    f.write_all(bytes)?;
    f.commit()
}

/// Where `p` points once symlinks and `..` are resolved: the canonical path of an existing
/// file, or the canonical path of its directory joined with its name. `None` when neither
/// can be resolved.
fn resolved(p: &Path) -> Option<PathBuf> {
    if let Ok(c) = std::fs::canonicalize(p) {
        return Some(c);
    }
    let name = p.file_name()?;
    let dir = match p.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(d) => d,
        None => Path::new("."),
    };
    std::fs::canonicalize(dir).ok().map(|d| d.join(name))
}

/// Whether writing an output to `output` would overwrite `input` (the run's input file or
/// recording): the same regular file (same device and inode, through links) or the same
/// resolved path when one does not exist yet. `-` (standard input/output) never matches.
pub fn same_file(input: &Path, output: &Path) -> bool {
    if input.as_os_str() == "-" || output.as_os_str() == "-" {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(input), std::fs::metadata(output)) {
            // a device or FIFO is not destroyed by being written (`-o /dev/null`)
            return a.is_file() && b.is_file() && a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    match (resolved(input), resolved(output)) {
        (Some(a), Some(b)) => a == b,
        _ => input == output,
    }
}

/// How long a FIFO output waits for a reader to open its end before it is given up
/// ("no reader"): 3 s.
const FIFO_READER_WAIT: std::time::Duration = std::time::Duration::from_secs(3);

/// `O_NONBLOCK` of `open(2)` (Linux: `0o4000`; the BSDs and macOS: `0x4`).
#[cfg(unix)]
const O_NONBLOCK: i32 = if cfg!(any(target_os = "linux", target_os = "android")) {
    0o4000
} else {
    0x4
};

/// For a FIFO: its write end, opened without blocking, and failing at once ("no reader")
/// when nothing has it open for reading, instead of blocking in `open(2)` until a reader
/// comes (breaker9c C2: a `--report` FIFO without a reader hung the proxy's shutdown). A
/// non-blocking open for writing fails with `ENXIO` exactly then (POSIX `open`). The file
/// opened is the one written (its `O_NONBLOCK` cleared, so a report larger than the pipe
/// buffer waits for the reader): closing a check descriptor and opening the FIFO again
/// would let the reader see end-of-file in between and read nothing (the flaky
/// `cli_outputs` b12 FIFO report). `None` for anything else: nothing to check.
fn open_fifo_writer(path: &Path) -> io::Result<Option<File>> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
        if std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo()) {
            // a reader that is just starting gets [`FIFO_READER_WAIT`] to open its end
            let deadline = std::time::Instant::now() + FIFO_READER_WAIT;
            let try_open = || {
                std::fs::OpenOptions::new()
                    .write(true)
                    .custom_flags(O_NONBLOCK)
                    .open(path)
            };
            let mut res = try_open();
            while matches!(&res, Err(e) if e.raw_os_error() == Some(6))
                && std::time::Instant::now() < deadline
            {
                std::thread::sleep(std::time::Duration::from_millis(20));
                res = try_open();
            }
            let file = res.map_err(|e| {
                if e.raw_os_error() == Some(6) {
                    io::Error::new(
                        io::ErrorKind::BrokenPipe,
                        format!(
                            "no reader on FIFO {}: nothing was written to it",
                            path.display()
                        ),
                    )
                } else {
                    e
                }
            })?;
            let mut flags = rustix::fs::fcntl_getfl(&file)?;
            flags.remove(rustix::fs::OFlags::NONBLOCK);
            rustix::fs::fcntl_setfl(&file, flags)?;
            return Ok(Some(file));
        }
    }
    let _ = path;
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmpdir(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "a2a-interop-outfile-{tag}-{}",
            uuid::Uuid::new_v4()
        ));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    /// review26 R9: an output path under a file names that file, from the file writer and
    /// from `create_dir_all` (a recording's directory) alike; other errors stay as they are.
    #[test]
    fn a_file_in_the_path_is_named() {
        let d = tmpdir("notdir");
        let afile = d.join("afile");
        std::fs::write(&afile, b"x").unwrap();
        let out = afile.join("x").join("r.json");
        let e = write_file(&out, b"{}").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotADirectory);
        assert_eq!(
            e.to_string(),
            format!(
                "{} is a file, not a directory, so {} cannot be created under it (Not a directory); pick a path whose directories are directories, or move {} away",
                afile.display(),
                out.display(),
                afile.display()
            )
        );
        assert_eq!(
            std::fs::read(&afile).unwrap(),
            b"x",
            "the file in the way is kept"
        );
        let e = std::fs::create_dir_all(out.parent().unwrap()).unwrap_err();
        let named = name_not_a_directory(&out, e).to_string();
        assert!(
            named.starts_with(&format!("{} is a file, not a directory", afile.display())),
            "{named}"
        );
        let missing = io::Error::from(io::ErrorKind::NotFound);
        assert_eq!(
            name_not_a_directory(&out, missing).kind(),
            io::ErrorKind::NotFound
        );
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn replaces_a_regular_file_and_leaves_no_temporary() {
        let d = tmpdir("reg");
        let p = d.join("r.json");
        std::fs::write(&p, b"old").unwrap();
        write_file(&p, b"new").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
        let names: Vec<_> = std::fs::read_dir(&d).unwrap().collect();
        assert_eq!(names.len(), 1);
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// q21 Q4: a staged temporary file is listed for [`remove_staged`] while it is being
    /// written, and no longer once committed or dropped (a later exit must not remove a
    /// file that is now someone's output).
    #[test]
    fn a_staged_file_is_listed_only_while_it_is_written() {
        let d = tmpdir("staged");
        let p = d.join("r.json");
        let tmp_of = |f: &OutFile| match &f.target {
            Some(Target::Staged { tmp, .. }) => tmp.clone(),
            _ => panic!("a new regular file is staged"),
        };
        let f = OutFile::create(&p).unwrap();
        let tmp = tmp_of(&f);
        assert!(staged_list().contains(&tmp));
        f.commit().unwrap();
        assert!(!staged_list().contains(&tmp));
        let g = OutFile::create(&p).unwrap();
        let tmp = tmp_of(&g);
        assert!(staged_list().contains(&tmp));
        drop(g);
        assert!(!staged_list().contains(&tmp));
        assert!(!tmp.exists());
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn an_abandoned_write_keeps_the_old_file() {
        let d = tmpdir("drop");
        let p = d.join("r.json");
        std::fs::write(&p, b"old").unwrap();
        {
            let mut f = OutFile::create(&p).unwrap();
            f.write_all(b"partial").unwrap();
        }
        assert_eq!(std::fs::read(&p).unwrap(), b"old");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn a_symlink_stays_and_its_target_is_replaced() {
        let d = tmpdir("link");
        let real = d.join("real.md");
        let link = d.join("link.md");
        std::fs::write(&real, b"old").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_file(&link, b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        std::fs::remove_dir_all(&d).unwrap();
    }

    #[test]
    fn same_file_sees_links_and_new_paths() {
        let d = tmpdir("same");
        let a = d.join("a.jsonl");
        std::fs::write(&a, b"x").unwrap();
        let link = d.join("l.jsonl");
        std::os::unix::fs::symlink(&a, &link).unwrap();
        assert!(same_file(&a, &link));
        assert!(same_file(&a, &d.join(".").join("a.jsonl")));
        assert!(!same_file(&a, &d.join("b.jsonl")));
        // neither exists yet (a proxy's recording before it starts)
        assert!(same_file(&d.join("n.jsonl"), &d.join("./n.jsonl")));
        assert!(!same_file(Path::new("-"), Path::new("-")));
        assert!(!same_file(Path::new("/dev/null"), Path::new("/dev/null")));
        std::fs::remove_dir_all(&d).unwrap();
    }

    /// A FIFO output is written through the descriptor its reader check opened, made
    /// blocking again: 1 MiB (16 pipe buffers) reaches a reader that starts reading late,
    /// whole (a non-blocking write would stop at the first full buffer with `EAGAIN`).
    #[cfg(unix)]
    #[test]
    fn a_fifo_gets_a_report_larger_than_its_pipe_buffer_whole() {
        let d = tmpdir("fifo");
        let p = d.join("r.fifo");
        assert!(std::process::Command::new("mkfifo")
            .arg(&p)
            .status()
            .unwrap()
            .success());
        let at = p.clone();
        let reader = std::thread::spawn(move || {
            use std::io::Read;
            let mut f = std::fs::File::open(&at).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(300));
            let mut got = Vec::new();
            f.read_to_end(&mut got).unwrap();
            got
        });
        let bytes: Vec<u8> = (0..1 << 20).map(|i| (i % 251) as u8).collect();
        write_file(&p, &bytes).unwrap();
        assert!(reader.join().unwrap() == bytes);
        // still a FIFO
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(&p).unwrap().file_type().is_fifo());
        std::fs::remove_dir_all(&d).unwrap();
    }
}
