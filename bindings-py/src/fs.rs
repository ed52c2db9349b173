//! File-system access, mirroring what the official evaluator checks, without its races.
//!
//! Every file is *opened first* (non-blocking, so a FIFO cannot hang the open; no-follow for a
//! prediction's final component, which the official layout forbids to be a link) and then
//! checked on the open descriptor (`fstat`): it must be a regular file within the size limit,
//! and at most one byte more than the limit is read. A check on the path before the open only
//! chooses the official message; it never decides what is read, so swapping a FIFO, a device
//! or a link in between cannot make tabeq hang or read through the link.
//!
//! The summary is written to a new file in its directory and renamed over the target, so a
//! kill leaves the old file or the new one, never a partial one, and a link placed at the
//! target is replaced, never followed.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Component, Path, PathBuf};

use tabeq_surface::evaluator::csv::{Limits, Table, TableStream};
use tabeq_surface::evaluator::error::CsvError;
use tabeq_surface::evaluator::evaluate::FileContent;
use tabeq_surface::evaluator::file_problem::{
    FileCall, FileProblem, FoundInstead, OsError, OutputError,
};
use tabeq_surface::evaluator::suite::{is_config_file_name, ConfigFile};
use tabeq_surface::evaluator::FatalError;

/// The largest config file read: the surface's one config limit (the official evaluator has
/// none; no valid config of at most 64 columns comes near it).
const CONFIG_LIMIT: u64 = tabeq_surface::limits::MAX_CONFIG_BYTES as u64;

/// Whether to follow a symbolic link in the final path component.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum FinalLink {
    Follow,
    Refuse,
}

/// Why a file could not be read: what the system calls found, worded by the core.
pub type ReadError = FileProblem;

/// A path as messages show it.
fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// An OS error of `call`, by its number, for the core to word as Python does (`named`: the
/// call named the file at `path`, as open and stat do; a read names none).
fn os_problem(e: &io::Error, call: FileCall, path: Option<&Path>) -> ReadError {
    match e.raw_os_error() {
        // The core words Linux's numbers; elsewhere the OS's own text is kept.
        Some(errno) if cfg!(target_os = "linux") => {
            ReadError::Os(call, OsError::new(errno, path.map(shown).as_deref()))
        }
        _ => ReadError::Io(e.to_string()),
    }
}

#[cfg(unix)]
fn open_flags(final_link: FinalLink) -> i32 {
    // Non-blocking: opening a FIFO with no writer would otherwise wait forever.
    let no_follow = match final_link {
        FinalLink::Follow => 0,
        FinalLink::Refuse => libc::O_NOFOLLOW,
    };
    libc::O_NONBLOCK | libc::O_NOCTTY | no_follow
}

/// Whether a failed `stat` means "no file" to the official evaluator: Python's
/// `Path.exists()` is false for these errors (it raises on any other, and the official run
/// then stops, so any wording is ours there).
fn means_missing(e: &io::Error) -> bool {
    #[cfg(unix)]
    let missing = matches!(
        e.raw_os_error(),
        None | Some(libc::ENOENT | libc::ENOTDIR | libc::EBADF | libc::ELOOP)
    );
    // Elsewhere, as before: any failed stat is "missing".
    #[cfg(not(unix))]
    let missing = {
        let _ = e;
        true
    };
    missing
}

/// Open `path` for reading without blocking (and without following a final link when refused).
fn open_nonblocking(path: &Path, final_link: FinalLink) -> Result<File, ReadError> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(open_flags(final_link));
    }
    options.open(path).map_err(|e| {
        #[cfg(unix)]
        if e.raw_os_error() == Some(libc::ELOOP) && final_link == FinalLink::Refuse {
            return ReadError::Link;
        }
        match e.kind() {
            io::ErrorKind::NotFound => ReadError::Missing,
            _ => os_problem(&e, FileCall::Read, Some(path)),
        }
    })
}

/// Check an open file (its descriptor, not its path) and read at most `limit + 1` bytes, so a
/// file that grows after the check is still refused by the reader's own size check. `identity`
/// is checked on the descriptor's status before anything is read.
fn read_open_file(file: File, limit: u64, identity: Identity) -> Result<Vec<u8>, ReadError> {
    let meta = check_open_file(&file, limit, identity)?;
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    let io = |e: io::Error| os_problem(&e, FileCall::Read, None);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    Ok(bytes)
}

/// The pieces a streamed read reads, and the one buffer it holds: 1 MiB.
const PIECE_BYTES: usize = 1 << 20;

/// [`read_open_file`] into a [`TableStream`] a piece at a time: the file is never whole in
/// memory, only the table read from it.
fn stream_open_file(
    file: File,
    limits: &Limits,
    identity: Identity,
) -> Result<Result<Table, CsvError>, ReadError> {
    let limit = limits.bytes as u64;
    let meta = check_open_file(&file, limit, identity)?;
    let mut stream = TableStream::new(limits, meta.len() as usize);
    let mut piece = vec![0; PIECE_BYTES.min(meta.len() as usize + 1)];
    let mut file = file.take(limit + 1);
    loop {
        match file.read(&mut piece) {
            Ok(0) => break,
            Ok(n) => stream.feed(&piece[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(os_problem(&e, FileCall::Read, None)),
        }
    }
    Ok(stream.finish())
}

/// The checks of [`read_open_file`] on an open file: its status, when it may be read.
fn check_open_file(file: &File, limit: u64, identity: Identity) -> Result<Metadata, ReadError> {
    let io = |e: io::Error| os_problem(&e, FileCall::Read, None);
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    identity.check(&meta)?;
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    Ok(meta)
}

/// Read a regular file of at most `limit` bytes: open first, then check the descriptor.
pub fn read_regular_file(
    path: &Path,
    limit: u64,
    final_link: FinalLink,
) -> Result<Vec<u8>, ReadError> {
    read_open_file(open_nonblocking(path, final_link)?, limit, Identity::Any)
}

/// The identity of the file at `path` (links followed), if it can be found.
pub fn file_id(path: &Path) -> Option<FileId> {
    fs::metadata(path).ok().as_ref().and_then(FileId::of)
}

/// Read a regular file of at most `limit` bytes and give its identity (links followed).
pub fn read_identified(path: &Path, limit: u64) -> Result<(Vec<u8>, Option<FileId>), ReadError> {
    let file = open_nonblocking(path, FinalLink::Follow)?;
    let id = file.metadata().ok().as_ref().and_then(FileId::of);
    Ok((read_open_file(file, limit, Identity::Any)?, id))
}

/// Read a result file (links followed, as the official reads them) that must not be one of
/// `golds` (a symbolic or hard link to a gold scores 1 in the official) nor have more than one
/// hard link (it could be a gold elsewhere): checked on the open descriptor.
pub fn read_result(path: &Path, limit: u64, golds: &[FileId]) -> Result<Vec<u8>, ReadError> {
    let file = open_nonblocking(path, FinalLink::Follow)?;
    let meta = file
        .metadata()
        .map_err(|e| os_problem(&e, FileCall::Read, None))?;
    if meta.is_file() && FileId::of(&meta).is_some_and(|id| golds.contains(&id)) {
        return Err(ReadError::SameAsGold);
    }
    read_open_file(file, limit, Identity::Prediction { gold: None })
}

/// A file's identity: its device and inode.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FileId {
    dev: u64,
    ino: u64,
}

impl FileId {
    #[cfg(unix)]
    fn of(meta: &Metadata) -> Option<FileId> {
        use std::os::unix::fs::MetadataExt;
        Some(FileId {
            dev: meta.dev(),
            ino: meta.ino(),
        })
    }
    #[cfg(not(unix))]
    fn of(_meta: &Metadata) -> Option<FileId> {
        None
    }
}

/// What a file's identity must be: anything (gold, configs), or a prediction's: a file with
/// one name (a hard link could be a gold, or any file a participant cannot read otherwise)
/// that is not the task's gold (reached through a linked task folder). The official evaluator
/// checks neither: it scores a hard link to the gold, or the gold itself, as a pass.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Identity {
    Any,
    Prediction { gold: Option<FileId> },
}

impl Identity {
    fn check(self, meta: &Metadata) -> Result<(), ReadError> {
        let Identity::Prediction { gold } = self else {
            return Ok(());
        };
        if gold.is_some() && FileId::of(meta) == gold {
            return Err(ReadError::SameAsGold);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            if meta.nlink() > 1 {
                return Err(ReadError::HardLink(meta.nlink()));
            }
        }
        Ok(())
    }
}

/// The official evaluator's checks on the path, in its order, for its messages: missing
/// (following links), not a regular file, a link (when refused), then tabeq's identity checks,
/// then over the limit. They only choose the message; the read checks again on the open
/// descriptor.
fn precheck(
    path: &Path,
    limit: u64,
    final_link: FinalLink,
    identity: Identity,
) -> Result<(), ReadError> {
    let meta: Metadata = fs::metadata(path).map_err(|e| {
        if means_missing(&e) {
            ReadError::Missing
        } else {
            os_problem(&e, FileCall::Stat, Some(path))
        }
    })?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    if final_link == FinalLink::Refuse
        && fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
    {
        return Err(ReadError::Link);
    }
    identity.check(&meta)?;
    if meta.len() > limit {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            limit,
        });
    }
    Ok(())
}

fn read_checked(
    path: &Path,
    limit: u64,
    final_link: FinalLink,
    identity: Identity,
) -> Result<Vec<u8>, ReadError> {
    precheck(path, limit, final_link, identity)?;
    read_open_file(open_nonblocking(path, final_link)?, limit, identity)
}

/// Read a prediction with the official checks: a path that does not exist (following
/// symbolic links) is missing; a directory, special file or symbolic link is invalid; so is a
/// file with more than one hard link (tabeq's check). A file over `limits.bytes` is refused.
pub fn read_prediction(path: &Path, limits: &Limits) -> FileContent {
    read_prediction_unlike(path, None, limits)
}

/// [`read_prediction`], also refusing the task's gold file itself (`gold`: its identity).
pub fn read_prediction_unlike(path: &Path, gold: Option<FileId>, limits: &Limits) -> FileContent {
    let identity = Identity::Prediction { gold };
    match read_checked(path, limits.bytes as u64, FinalLink::Refuse, identity) {
        Ok(bytes) => FileContent::Bytes(bytes),
        Err(ReadError::Missing) => FileContent::Missing,
        Err(e) => FileContent::Invalid(CsvError::file(&shown(path), e)),
    }
}

/// A prediction read for a participant-visible explanation: the file as [`read_prediction`]
/// reads it, and whether its content was reached without leaving `root` (every directory
/// below the root opened with no-follow, so a link anywhere, even one swapped in during the
/// read, counts as leaving it).
pub fn read_prediction_within(
    path: &Path,
    root: &Path,
    gold: Option<FileId>,
    limits: &Limits,
) -> (FileContent, bool) {
    if let Some(bytes) = read_without_links(path, root, gold, limits) {
        return (FileContent::Bytes(bytes), true);
    }
    let file = read_prediction_unlike(path, gold, limits);
    let inside = !matches!(file, FileContent::Bytes(_));
    (file, inside)
}

/// The bytes of `path` if every component below `root` is reached without following a link.
#[cfg(unix)]
fn read_without_links(
    path: &Path,
    root: &Path,
    gold: Option<FileId>,
    limits: &Limits,
) -> Option<Vec<u8>> {
    use std::ffi::CString;
    use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
    use std::os::unix::ffi::OsStrExt;

    let relative = path.strip_prefix(root).ok()?;
    let names: Vec<CString> = relative
        .components()
        .map(|c| match c {
            Component::Normal(name) => CString::new(name.as_bytes()).ok(),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let (last, dirs) = names.split_last()?;
    let root_file = OpenOptions::new().read(true).open(root).ok()?;
    let mut dir: OwnedFd = root_file.into();
    for name in dirs {
        // SAFETY: `dir` is an open descriptor and `name` a NUL-terminated string.
        let fd = unsafe {
            libc::openat(
                dir.as_raw_fd(),
                name.as_ptr(),
                libc::O_RDONLY | libc::O_DIRECTORY | libc::O_NOFOLLOW | libc::O_CLOEXEC,
            )
        };
        if fd < 0 {
            return None;
        }
        // SAFETY: `fd` was just returned by openat and is owned by nobody else.
        dir = unsafe { OwnedFd::from_raw_fd(fd) };
    }
    // SAFETY: as above.
    let fd = unsafe {
        libc::openat(
            dir.as_raw_fd(),
            last.as_ptr(),
            libc::O_RDONLY | open_flags(FinalLink::Refuse) | libc::O_CLOEXEC,
        )
    };
    if fd < 0 {
        return None;
    }
    // SAFETY: as above.
    let file = unsafe { File::from_raw_fd(fd) };
    read_open_file(file, limits.bytes as u64, Identity::Prediction { gold }).ok()
}

#[cfg(not(unix))]
fn read_without_links(
    _path: &Path,
    _root: &Path,
    _gold: Option<FileId>,
    _limits: &Limits,
) -> Option<Vec<u8>> {
    None
}

/// Read a gold file; anything but a readable regular file is fatal (links are followed, as
/// the official evaluator follows them for gold). A file over `limits.bytes` is refused.
pub fn read_gold(path: &Path, task_id: &str, limits: &Limits) -> Result<Vec<u8>, FatalError> {
    read_gold_identified(path, task_id, limits).map(|(bytes, _)| bytes)
}

/// [`read_gold`], with the identity of the file read (to refuse it as its own prediction).
pub fn read_gold_identified(
    path: &Path,
    task_id: &str,
    limits: &Limits,
) -> Result<(Vec<u8>, Option<FileId>), FatalError> {
    let read = |file| read_open_file(file, limits.bytes as u64, Identity::Any);
    read_gold_with(path, task_id, limits, read)
}

/// The gold file at `path` checked, opened (links followed) and read by `read`, with its
/// identity; a file problem is the task's fatal error.
fn read_gold_with<T>(
    path: &Path,
    task_id: &str,
    limits: &Limits,
    read: impl FnOnce(File) -> Result<T, ReadError>,
) -> Result<(T, Option<FileId>), FatalError> {
    let fatal = |e| FatalError::gold_file(task_id, &shown(path), e);
    precheck(path, limits.bytes as u64, FinalLink::Follow, Identity::Any).map_err(fatal)?;
    let file = open_nonblocking(path, FinalLink::Follow).map_err(fatal)?;
    let id = file.metadata().ok().as_ref().and_then(FileId::of);
    Ok((read(file).map_err(fatal)?, id))
}

/// [`read_gold_identified`] streamed into its table ([`TableStream`]): the file is never whole
/// in memory. A CSV that does not read is the same fatal error as the core's for its bytes.
pub fn read_gold_table_identified(
    path: &Path,
    task_id: &str,
    limits: &Limits,
) -> Result<(Table, Option<FileId>), FatalError> {
    let stream = |file| stream_open_file(file, limits, Identity::Any);
    let (read, id) = read_gold_with(path, task_id, limits, stream)?;
    let table = read.map_err(|e| FatalError::gold_unreadable(task_id, &e))?;
    Ok((table, id))
}

/// A prediction read by [`read_prediction_table`].
pub enum PredictionFile {
    /// Its table, streamed.
    Table(Table),
    /// No table: the file as [`read_prediction_unlike`] reads it (a CSV that does not read is
    /// read whole again, for the official evaluator's words about it).
    Content(FileContent),
}

/// [`read_prediction_unlike`] streamed into its table ([`TableStream`]).
pub fn read_prediction_table(path: &Path, gold: Option<FileId>, limits: &Limits) -> PredictionFile {
    let identity = Identity::Prediction { gold };
    let streamed = precheck(path, limits.bytes as u64, FinalLink::Refuse, identity)
        .and_then(|()| open_nonblocking(path, FinalLink::Refuse))
        .and_then(|file| stream_open_file(file, limits, identity));
    match streamed {
        Ok(Ok(table)) => PredictionFile::Table(table),
        Ok(Err(_)) | Err(_) => PredictionFile::Content(read_prediction_unlike(path, gold, limits)),
    }
}

/// Read a config file (links followed, as the official glob follows them).
pub fn read_config(path: &Path) -> Result<Vec<u8>, FatalError> {
    read_regular_file(path, CONFIG_LIMIT, FinalLink::Follow)
        .map_err(|e| FatalError::config_file(&shown(path), e))
}

/// A directory must exist.
pub fn require_dir(path: &Path, what: &str) -> Result<(), FatalError> {
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Ok(()),
        // Something is there (a file): it is not missing, it is the wrong thing.
        Ok(_) => Err(FatalError::not_a_directory(what, &shown(path))),
        Err(_) => Err(FatalError::missing_directory(what, &shown(path))),
    }
}

/// The `task_*.json` files of a config directory, read.
pub fn read_config_files(config_root: &Path) -> Result<Vec<ConfigFile>, FatalError> {
    require_dir(config_root, "config")?;
    let entries =
        fs::read_dir(config_root).map_err(|e| FatalError::cannot_list(&shown(config_root), e))?;
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let Ok(name) = entry.file_name().into_string() else {
            continue;
        };
        if !is_config_file_name(&name) {
            continue;
        }
        let bytes = read_config(&entry.path())?;
        files.push(ConfigFile { name, bytes });
    }
    if files.is_empty() {
        // Named here, where the directory is known (the core's plan sees only the files).
        return Err(FatalError::no_configs_in(&shown(config_root)));
    }
    Ok(files)
}

/// Names of the sub-directories (following symbolic links) of the prediction root.
pub fn prediction_dirs(prediction_root: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(prediction_root) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect()
}

/// Check, before anything is scored, that the summary can be written to `path`: nothing is
/// there, or a regular file (a link is not followed: it is refused); the nearest existing
/// ancestor is a directory. Never opens the path, so a FIFO cannot block it.
pub fn check_output(path: &Path) -> Result<(), OutputError> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_file() => {}
        Ok(meta) => {
            let found = FoundInstead::of(meta.file_type().is_symlink(), meta.is_dir());
            return Err(OutputError::not_regular(&shown(path), found));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(OutputError::cannot_check(&shown(path), e)),
    }
    let mut ancestor = path.parent();
    while let Some(dir) = ancestor.filter(|d| !d.as_os_str().is_empty()) {
        match fs::metadata(dir) {
            Ok(meta) if meta.is_dir() => return Ok(()),
            Ok(_) => return Err(OutputError::DirectoryNotADirectory { dir: shown(dir) }),
            Err(_) => ancestor = dir.parent(),
        }
    }
    Ok(())
}

/// Write `text` to `path` atomically: check it (as [`check_output`]), create its directory,
/// remove stale temporary files of earlier runs, write a new file next to it (created
/// exclusively with mode 0644 under the umask, never through a link), flush it to disk and
/// rename it over `path`. The summary gets fresh permissions and owner: a file planted at
/// `path` (say with mode 6777) is replaced, its mode is not inherited.
pub fn write_output(path: &Path, contents: &[u8]) -> Result<(), OutputError> {
    check_output(path)?;
    let failed = |e: io::Error| OutputError::write_failed(&shown(path), e);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(failed)?;
    remove_stale_temps(&dir, path.file_name().and_then(|n| n.to_str()));
    let (temp_path, mut temp) = create_temp(&dir).map_err(failed)?;
    let written = (|| {
        temp.write_all(contents)?;
        temp.sync_all()?;
        drop(temp);
        fs::rename(&temp_path, path)?;
        // Make the rename itself durable; a directory that cannot be synced is no error.
        if let Ok(d) = File::open(&dir) {
            let _ = d.sync_all();
        }
        Ok(())
    })();
    written.map_err(|e: io::Error| {
        let _ = fs::remove_file(&temp_path);
        match fs::symlink_metadata(path) {
            Ok(meta) if !meta.is_file() => {
                OutputError::not_regular(&shown(path), FoundInstead::Unknown)
            }
            _ => failed(e),
        }
    })
}

/// The prefix of tabeq's temporary summary files: `.tabeq-PID-HEX.tmp`, short whatever the
/// target's name (a 255-byte name stays writable).
const TEMP_PREFIX: &str = ".tabeq-";
const TEMP_SUFFIX: &str = ".tmp";

/// The process that created a temporary file of tabeq's naming, if `name` is one: this
/// version's `.tabeq-PID-HEX.tmp`, or earlier versions' `.TARGET.PID.HEX.tmp` for the summary
/// named `target`.
fn temp_owner(name: &str, target: Option<&str>) -> Option<u32> {
    let digits = |s: &str, radix: u32| !s.is_empty() && s.chars().all(|c| c.is_digit(radix));
    let owner = |pid: &str, hex: &str| {
        (digits(pid, 10) && digits(hex, 16))
            .then(|| pid.parse().ok())
            .flatten()
    };
    let middle = name.strip_suffix(TEMP_SUFFIX)?;
    if let Some((pid, hex)) = middle
        .strip_prefix(TEMP_PREFIX)
        .and_then(|m| m.split_once('-'))
    {
        return owner(pid, hex);
    }
    let rest = middle.strip_prefix('.')?.strip_prefix(target?)?;
    let (pid, hex) = rest.strip_prefix('.')?.split_once('.')?;
    owner(pid, hex)
}

/// Whether process `pid` still runs (on this machine).
#[cfg(unix)]
fn process_alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists and may be signalled.
    let alive = unsafe { libc::kill(pid, 0) } == 0;
    alive || io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
}

#[cfg(not(unix))]
fn process_alive(_pid: u32) -> bool {
    true
}

/// Remove the temporary files of tabeq's naming in `dir` whose process is gone (a run killed
/// between creating and renaming its file). Only names of that exact form are touched, and
/// unlinking never follows a link; a file that cannot be removed is left.
fn remove_stale_temps(dir: &Path, target: Option<&str>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| temp_owner(n, target)) else {
            continue;
        };
        if pid != std::process::id() && !process_alive(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// A new, exclusively created file in `dir` (retried on a name clash, so a file placed there
/// in advance cannot be written through), mode 0644 under the umask.
fn create_temp(dir: &Path) -> io::Result<(PathBuf, File)> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut last = None;
    for attempt in 0..16u32 {
        let name = format!(
            "{TEMP_PREFIX}{}-{nanos:x}{attempt:x}{TEMP_SUFFIX}",
            std::process::id()
        );
        let temp = dir.join(name);
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options
                .mode(0o644)
                .custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC);
        }
        match options.open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::ErrorKind::AlreadyExists.into()))
}

#[cfg(test)]
mod tests {
    use super::temp_owner;

    #[test]
    fn temp_names_are_recognised_exactly() {
        let target = Some("summary.json");
        assert_eq!(temp_owner(".tabeq-123-1f0.tmp", None), Some(123));
        assert_eq!(temp_owner(".summary.json.77.1a2b0.tmp", target), Some(77));
        assert_eq!(temp_owner(".other.json.77.1a2b0.tmp", target), None);
        for other in [
            ".tabeq-123-.tmp",
            ".tabeq--1f.tmp",
            ".tabeq-12a-1f.tmp",
            ".tabeq-1-xyz.tmp",
            "tabeq-1-1.tmp",
            ".tabeq-1-1.tmp~",
            "evaluation_summary.json",
        ] {
            assert_eq!(temp_owner(other, target), None, "{other}");
        }
    }
}
