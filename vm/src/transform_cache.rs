//! What automatic mode's transform made of a source file, kept between runs, as CPython
//! keeps bytecode in `__pycache__`: parsing, folding, the lift plans and three codegens
//! cost 1 to 20 ms a module (about 25 us a line; 78_random_loops.py's 820 lines took 21
//! ms against 42 ms for its whole run without the JIT), while a later run of the same
//! source by the same pynum only reads the entry and links it (`automatic::install`).
//!
//! An entry is a checksum and one `marshal` dump (rustpython's, which code objects
//! round-trip through): a format number, the pynum binary's fingerprint, whether loops start cold, the file
//! name, the whole source, then the code objects. It is used only when all of these
//! match, so an edited script, another build of pynum or `PYNUM_JIT_THRESHOLD=0` never
//! runs an old transform; a damaged or unreadable entry is a miss. Entries live in
//! `$PYNUM_CACHE_DIR`, else `$XDG_CACHE_HOME/pynum/transformed`, else
//! `~/.cache/pynum/transformed`, never beside the script (a run without the JIT must
//! not see them), and the oldest go once there are [`MAX_ENTRIES`].
//! `PYNUM_TRANSFORM_CACHE=0` turns the cache off.
//!
//! Assumes a transform depends on nothing but these (the REPL's, which depends on the
//! session's globals, is never cached) and that writing a file and renaming it over
//! another is atomic, so concurrent runs never read half an entry.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::OnceLock;

use rustpython_vm::{
    builtins::{PyBytes, PyCode, PyStr, PyTuple},
    PyObjectRef, PyRef, PyResult, VirtualMachine,
};

/// What the transform made of a module's source, before it is linked to this run's
/// objects: what a later run can reuse.
#[derive(Default)]
pub(crate) struct Transformed {
    /// The module as written with its constants folded, when folding changed it.
    pub(crate) folded: Option<PyRef<PyCode>>,
    /// Dispatchers and lifted loops, when something in it can run natively.
    pub(crate) lifted: Option<LiftedModule>,
}

/// The module with dispatchers and lifted loops, its names of pynum's not yet linked.
pub(crate) struct LiftedModule {
    pub(crate) code: PyRef<PyCode>,
    /// A module of the lifted loops' hidden functions (`None` with no loop lifted).
    pub(crate) hidden: Option<PyRef<PyCode>>,
    /// Each hidden function: its name, the attribute of `__pynum__` that names it, and
    /// whether its caller keeps a counting copy of the loop.
    pub(crate) loops: Vec<(String, String, bool)>,
    /// A module of the candidates' interleaved variants (`None` with none).
    pub(crate) variants: Option<PyRef<PyCode>>,
    /// Functions put under a dispatcher, for the log.
    pub(crate) functions: usize,
}

/// Changes whenever the entry's layout does.
const FORMAT: u64 = 2;

/// Entries kept; storing one more removes the oldest quarter.
pub(crate) const MAX_ENTRIES: usize = 512;

/// What an entry must match: the source and everything else the transform reads.
pub(crate) struct Key {
    source: Vec<u8>,
    filename: String,
    loops_start_cold: bool,
    path: Option<PathBuf>,
}

impl Key {
    pub(crate) fn new(source: &[u8], filename: &str, loops_start_cold: bool) -> Key {
        let path = directory().map(|dir| {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            (FORMAT, binary_fingerprint(), loops_start_cold, filename, source).hash(&mut hasher);
            dir.join(format!("{:016x}", hasher.finish()))
        });
        Key { source: source.to_vec(), filename: filename.to_owned(), loops_start_cold, path }
    }
}

/// The folder of the entries, `None` when the cache is off or there is no home.
fn directory() -> Option<PathBuf> {
    static DIRECTORY: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIRECTORY
        .get_or_init(|| {
            if std::env::var_os("PYNUM_TRANSFORM_CACHE").is_some_and(|v| v == "0") {
                return None;
            }
            let nonempty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
            nonempty("PYNUM_CACHE_DIR")
                .or_else(|| nonempty("XDG_CACHE_HOME").map(|d| d.join("pynum").join("transformed")))
                .or_else(|| nonempty("HOME").map(|d| d.join(".cache").join("pynum").join("transformed")))
        })
        .clone()
}

/// The running binary's size and modification time: another build is another binary.
fn binary_fingerprint() -> (u64, u128) {
    static FINGERPRINT: OnceLock<(u64, u128)> = OnceLock::new();
    *FINGERPRINT.get_or_init(|| {
        std::env::current_exe()
            .and_then(std::fs::metadata)
            .map(|m| {
                let modified = m.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
                (m.len(), modified.map_or(0, |d| d.as_nanos()))
            })
            .unwrap_or((0, 0))
    })
}

/// The entry for `key`, when there is one that matches it in full.
pub(crate) fn load(vm: &VirtualMachine, key: &Key) -> Option<Transformed> {
    let file = std::fs::read(key.path.as_ref()?).ok()?;
    // A damaged file (a disk error, an edit) would load as other code: the checksum of
    // the dump must match before anything is read from it.
    let (sum, bytes) = file.split_first_chunk::<8>()?;
    if u64::from_le_bytes(*sum) != checksum(bytes) {
        return None;
    }
    let bytes = bytes.to_vec();
    let loads = vm.import("marshal", 0).ok()?.get_attr("loads", vm).ok()?;
    let entry = loads.call((vm.ctx.new_bytes(bytes),), vm).ok()?;
    let entry = entry.downcast_ref::<PyTuple>()?;
    let [format, fingerprint, cold, filename, source, folded, lifted] = entry.as_slice() else { return None };
    let int = |o: &PyObjectRef| o.try_to_value::<u64>(vm).ok();
    let (size, modified) = binary_fingerprint();
    let matches = int(format) == Some(FORMAT)
        && fingerprint.downcast_ref::<PyStr>()?.to_str()? == format!("{size}:{modified}")
        && cold.clone().try_to_bool(vm).ok()? == key.loops_start_cold
        && filename.downcast_ref::<PyStr>()?.to_str()? == key.filename
        && source.downcast_ref::<PyBytes>()?.as_bytes() == key.source.as_slice();
    if !matches {
        return None;
    }
    let made = Transformed { folded: code_or_none(folded, vm)?, lifted: lifted_module(lifted, vm)? };
    round_trips(&made).then_some(made)
}

/// `None` for a damaged entry, `Some(None)` for a `None` in it.
fn code_or_none(value: &PyObjectRef, vm: &VirtualMachine) -> Option<Option<PyRef<PyCode>>> {
    if vm.is_none(value) {
        Some(None)
    } else {
        value.clone().downcast::<PyCode>().ok().map(Some)
    }
}

fn lifted_module(value: &PyObjectRef, vm: &VirtualMachine) -> Option<Option<LiftedModule>> {
    if vm.is_none(value) {
        return Some(None);
    }
    let parts = value.downcast_ref::<PyTuple>()?;
    let [code, hidden, loops, variants, functions] = parts.as_slice() else { return None };
    let mut lifted_loops = Vec::new();
    for item in loops.downcast_ref::<PyTuple>()?.as_slice() {
        let [name, reference, on_stack] = item.downcast_ref::<PyTuple>()?.as_slice() else { return None };
        lifted_loops.push((
            name.downcast_ref::<PyStr>()?.to_str()?.to_owned(),
            reference.downcast_ref::<PyStr>()?.to_str()?.to_owned(),
            on_stack.clone().try_to_bool(vm).ok()?,
        ));
    }
    Some(Some(LiftedModule {
        code: code.clone().downcast::<PyCode>().ok()?,
        hidden: code_or_none(hidden, vm)?,
        loops: lifted_loops,
        variants: code_or_none(variants, vm)?,
        functions: functions.try_to_value::<usize>(vm).ok()?,
    }))
}

/// The checksum an entry's dump is stored with.
fn checksum(bytes: &[u8]) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// Whether every code object of `made` survives `marshal`: rustpython's loads gives a
/// slice constant (`x[1:]` folded) a `None` start, which its code objects then refuse
/// with a panic, so code holding one is never kept (nor taken from an entry).
fn round_trips(made: &Transformed) -> bool {
    fn constant_ok(value: &rustpython_vm::PyObject) -> bool {
        if value.downcast_ref::<rustpython_vm::builtins::PySlice>().is_some() {
            false
        } else if let Some(tuple) = value.downcast_ref::<PyTuple>() {
            tuple.as_slice().iter().all(|item| constant_ok(item))
        } else if let Some(code) = value.downcast_ref::<PyCode>() {
            code_ok(code)
        } else {
            value.downcast_ref::<rustpython_vm::builtins::PyFrozenSet>().is_none()
        }
    }
    fn code_ok(code: &PyCode) -> bool {
        code.code.constants.iter().all(|c| constant_ok(std::borrow::Borrow::<rustpython_vm::PyObject>::borrow(c)))
    }
    let codes = [
        made.folded.as_ref(),
        made.lifted.as_ref().map(|l| &l.code),
        made.lifted.as_ref().and_then(|l| l.hidden.as_ref()),
        made.lifted.as_ref().and_then(|l| l.variants.as_ref()),
    ];
    codes.into_iter().flatten().all(|code| code_ok(code))
}

/// Keeps `made` for `key`; a cache that cannot be written is no cache.
pub(crate) fn store(vm: &VirtualMachine, key: &Key, made: &Transformed) {
    let Some(path) = &key.path else { return };
    if !round_trips(made) {
        return;
    }
    let Ok(bytes) = entry(vm, key, made) else { return };
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    // A name of this process's own, renamed over the entry: readers see all or nothing.
    let partial =
        dir.join(format!(".{}.{}", std::process::id(), path.file_name().and_then(|n| n.to_str()).unwrap_or("entry")));
    let file: Vec<u8> = checksum(&bytes).to_le_bytes().into_iter().chain(bytes).collect();
    if std::fs::write(&partial, file).is_ok() && std::fs::rename(&partial, path).is_ok() {
        evict_oldest(dir);
    } else {
        let _ = std::fs::remove_file(&partial);
    }
}

fn entry(vm: &VirtualMachine, key: &Key, made: &Transformed) -> PyResult<Vec<u8>> {
    let none = || vm.ctx.none();
    let code = |code: &Option<PyRef<PyCode>>| code.clone().map_or_else(none, |c| c.into());
    let lifted = match &made.lifted {
        None => none(),
        Some(lifted) => {
            let loops: Vec<PyObjectRef> = lifted
                .loops
                .iter()
                .map(|(name, reference, on_stack)| {
                    vm.ctx
                        .new_tuple(vec![
                            vm.ctx.new_str(name.as_str()).into(),
                            vm.ctx.new_str(reference.as_str()).into(),
                            vm.ctx.new_bool(*on_stack).into(),
                        ])
                        .into()
                })
                .collect();
            vm.ctx
                .new_tuple(vec![
                    lifted.code.clone().into(),
                    code(&lifted.hidden),
                    vm.ctx.new_tuple(loops).into(),
                    code(&lifted.variants),
                    vm.ctx.new_int(lifted.functions).into(),
                ])
                .into()
        }
    };
    let (size, modified) = binary_fingerprint();
    let entry = vm.ctx.new_tuple(vec![
        vm.ctx.new_int(FORMAT).into(),
        vm.ctx.new_str(format!("{size}:{modified}")).into(),
        vm.ctx.new_bool(key.loops_start_cold).into(),
        vm.ctx.new_str(key.filename.as_str()).into(),
        vm.ctx.new_bytes(key.source.clone()).into(),
        code(&made.folded),
        lifted,
    ]);
    let dumped = vm.import("marshal", 0)?.get_attr("dumps", vm)?.call((entry,), vm)?;
    let bytes = dumped.downcast_ref::<PyBytes>().ok_or_else(|| vm.new_type_error("marshal.dumps".to_owned()))?;
    Ok(bytes.as_bytes().to_vec())
}

/// Removes the oldest quarter of the entries once there are more than [`MAX_ENTRIES`].
fn evict_oldest(dir: &std::path::Path) {
    let Ok(listing) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> =
        listing.filter_map(Result::ok).filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path()))).collect();
    if entries.len() <= MAX_ENTRIES {
        return;
    }
    entries.sort();
    for (_, path) in entries.iter().take(entries.len() - MAX_ENTRIES * 3 / 4) {
        let _ = std::fs::remove_file(path);
    }
}
