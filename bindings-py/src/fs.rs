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

use tabeq::csv::MAX_CSV_BYTES;
use tabeq::error::CsvError;
use tabeq::file_problem::{FileProblem, FoundInstead, OutputError};
use tabeq::suite::{is_config_file_name, ConfigFile};
use tabeq::FatalError;

/// The largest config file read (the official evaluator has no limit; no valid config of at
/// most 64 columns comes near it).
pub const MAX_CONFIG_BYTES: u64 = 16 * 1024 * 1024;

/// What was found at a prediction path.
pub enum PredictionFile {
    /// No file: the path as the record names it.
    Missing(String),
    Invalid(CsvError),
    Bytes(Vec<u8>),
}

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

#[cfg(unix)]
fn open_flags(final_link: FinalLink) -> i32 {
    // Non-blocking: opening a FIFO with no writer would otherwise wait forever.
    let no_follow = match final_link {
        FinalLink::Follow => 0,
        FinalLink::Refuse => libc::O_NOFOLLOW,
    };
    libc::O_NONBLOCK | libc::O_NOCTTY | no_follow
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
            _ => ReadError::Io(e.to_string()),
        }
    })
}

/// Check an open file (its descriptor, not its path) and read at most `limit + 1` bytes, so a
/// file that grows after the check is still refused by the reader's own size check.
fn read_open_file(file: File, limit: u64) -> Result<Vec<u8>, ReadError> {
    let io = |e: io::Error| ReadError::Io(e.to_string());
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    Ok(bytes)
}

/// Read a regular file of at most `limit` bytes: open first, then check the descriptor.
pub fn read_regular_file(
    path: &Path,
    limit: u64,
    final_link: FinalLink,
) -> Result<Vec<u8>, ReadError> {
    read_open_file(open_nonblocking(path, final_link)?, limit)
}

/// The official evaluator's checks on the path, in its order, for its messages: missing
/// (following links), not a regular file, a link (when refused), over the limit. They only
/// choose the message; [`read_regular_file`] checks again on the open descriptor.
fn precheck(path: &Path, limit: u64, final_link: FinalLink) -> Result<(), ReadError> {
    let meta: Metadata = fs::metadata(path).map_err(|_| ReadError::Missing)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    if final_link == FinalLink::Refuse
        && fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
    {
        return Err(ReadError::Link);
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge(meta.len()));
    }
    Ok(())
}

fn read_checked(path: &Path, limit: u64, final_link: FinalLink) -> Result<Vec<u8>, ReadError> {
    precheck(path, limit, final_link)?;
    read_regular_file(path, limit, final_link)
}

const CSV_LIMIT: u64 = MAX_CSV_BYTES as u64;

/// Read a prediction with the official checks: a path that does not exist (following
/// symbolic links) is missing; a directory, special file or symbolic link is invalid.
pub fn read_prediction(path: &Path) -> PredictionFile {
    match read_checked(path, CSV_LIMIT, FinalLink::Refuse) {
        Ok(bytes) => PredictionFile::Bytes(bytes),
        Err(ReadError::Missing) => PredictionFile::Missing(shown(path)),
        Err(e) => PredictionFile::Invalid(CsvError::file(&shown(path), e)),
    }
}

/// A prediction read for a participant-visible explanation: the file as [`read_prediction`]
/// reads it, and whether its content was reached without leaving `root` (every directory
/// below the root opened with no-follow, so a link anywhere, even one swapped in during the
/// read, counts as leaving it).
pub fn read_prediction_within(path: &Path, root: &Path) -> (PredictionFile, bool) {
    if let Some(bytes) = read_without_links(path, root) {
        return (PredictionFile::Bytes(bytes), true);
    }
    let file = read_prediction(path);
    let inside = !matches!(file, PredictionFile::Bytes(_));
    (file, inside)
}

/// The bytes of `path` if every component below `root` is reached without following a link.
#[cfg(unix)]
fn read_without_links(path: &Path, root: &Path) -> Option<Vec<u8>> {
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
    read_open_file(file, CSV_LIMIT).ok()
}

#[cfg(not(unix))]
fn read_without_links(_path: &Path, _root: &Path) -> Option<Vec<u8>> {
    None
}

/// Read a gold file; anything but a readable regular file is fatal (links are followed, as
/// the official evaluator follows them for gold).
pub fn read_gold(path: &Path, task_id: &str) -> Result<Vec<u8>, FatalError> {
    read_checked(path, CSV_LIMIT, FinalLink::Follow)
        .map_err(|e| FatalError::gold_file(task_id, &shown(path), e))
}

/// Read a config file (links followed, as the official glob follows them).
pub fn read_config(path: &Path) -> Result<Vec<u8>, FatalError> {
    read_regular_file(path, MAX_CONFIG_BYTES, FinalLink::Follow)
        .map_err(|e| FatalError::config_file(&shown(path), e))
}

/// A directory must exist.
pub fn require_dir(path: &Path, what: &str) -> Result<(), FatalError> {
    if path.is_dir() {
        Ok(())
    } else {
        Err(FatalError::missing_directory(what, &shown(path)))
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
/// write a new file next to it (created exclusively, never through a link), flush it to disk
/// and rename it over `path`.
pub fn write_output(path: &Path, text: &str) -> Result<(), OutputError> {
    check_output(path)?;
    let failed = |e: io::Error| OutputError::write_failed(&shown(path), e);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(failed)?;
    let (temp_path, mut temp) = create_temp(&dir, path).map_err(failed)?;
    let written = (|| {
        temp.write_all(text.as_bytes())?;
        if let Ok(meta) = fs::symlink_metadata(path) {
            if meta.is_file() {
                // Keep the permissions of the file being replaced, as an in-place write would.
                temp.set_permissions(meta.permissions())?;
            }
        }
        temp.sync_all()?;
        drop(temp);
        fs::rename(&temp_path, path)
    })();
    written.map_err(|e| {
        let _ = fs::remove_file(&temp_path);
        match fs::symlink_metadata(path) {
            Ok(meta) if !meta.is_file() => {
                OutputError::not_regular(&shown(path), FoundInstead::Unknown)
            }
            _ => failed(e),
        }
    })
}

/// A new, exclusively created file in `dir` named after `target` (retried on a name clash, so
/// a file placed there in advance cannot be written through).
fn create_temp(dir: &Path, target: &Path) -> io::Result<(PathBuf, File)> {
    let stem = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let mut last = None;
    for attempt in 0..16u32 {
        let temp = dir.join(format!(
            ".{stem}.{}.{nanos:x}{attempt}.tmp",
            std::process::id()
        ));
        let mut options = OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o666).custom_flags(libc::O_NOFOLLOW);
        }
        match options.open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| io::ErrorKind::AlreadyExists.into()))
}
