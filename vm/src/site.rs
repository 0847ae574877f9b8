//! `import site` at start-up. `site` imports `os` (about 6 ms here: `os`,
//! `_collections_abc`, `posixpath`, `stat`) to compute paths that, on most machines,
//! hold nothing: when the file system shows no site-packages directory, no venv, no
//! `sitecustomize`/`usercustomize` and a `sys.path` that `site` would leave as it is,
//! the frozen `_pynum_site` defines what `site.main()` would (the `exit`, `help`...
//! builtins, `sys._home`, the REPL hook) and `site` is imported only if the program asks
//! for it (its `main()` then finds nothing to do, as it would have at start-up).
//!
//! Assumes rustpython's `site.py` (paths `lib/rustpython<major>.<minor><t>/site-packages`
//! under the prefixes and the user base, `pyvenv.cfg` beside or above the executable).
//! Any doubt means the real `site`.

use std::path::Path;

use rustpython_vm::{builtins::PyStrRef, AsObject, PyResult, VirtualMachine};

/// Runs `site` at start-up, or its stand-in when `site` would add nothing.
pub fn import(vm: &VirtualMachine, interactive: bool) -> PyResult<()> {
    let stand_in = !interactive && site_has_nothing_to_do(vm).unwrap_or(false);
    vm.import(if stand_in { "_pynum_site" } else { "site" }, 0)?;
    Ok(())
}

fn site_has_nothing_to_do(vm: &VirtualMachine) -> PyResult<bool> {
    let sys = vm.sys_module.as_object();
    let text = |name: &'static str| -> PyResult<String> { Ok(sys.get_attr(name, vm)?.str(vm)?.to_string()) };
    // `site` would look for license files next to the stdlib.
    if let Ok(stdlib_dir) = sys.get_attr("_stdlib_dir", vm) {
        if !vm.is_none(&stdlib_dir) {
            return Ok(false);
        }
    }
    let version = sys.get_attr("version_info", vm)?;
    let major: u32 = version.get_item(&0, vm)?.try_into_value(vm)?;
    let minor: u32 = version.get_item(&1, vm)?.try_into_value(vm)?;
    let thread = if text("abiflags")?.contains('t') { "t" } else { "" };
    let tag = format!("rustpython{major}.{minor}{thread}");
    let platlibdir = text("platlibdir")?;
    let mut libdirs = vec![platlibdir.clone()];
    if platlibdir != "lib" {
        libdirs.push("lib".to_owned());
    }
    for prefix in [text("prefix")?, text("exec_prefix")?] {
        for libdir in &libdirs {
            if Path::new(&prefix).join(libdir).join(&tag).join("site-packages").exists() {
                return Ok(false);
            }
        }
    }
    // A venv: `pyvenv.cfg` beside `sys.executable` (as `site.venv` reads it, symlinks
    // unresolved) or one level up.
    let executable = text("executable")?;
    if executable.is_empty() {
        return Ok(false);
    }
    let executable = std::env::current_dir().map(|cwd| cwd.join(&executable)).unwrap_or_else(|_| executable.into());
    let exe_dir = executable.parent();
    for dir in [exe_dir, exe_dir.and_then(Path::parent)].into_iter().flatten() {
        if dir.join("pyvenv.cfg").exists() {
            return Ok(false);
        }
    }
    // The user site, whether or not `site` would enable it.
    let user_base = match std::env::var_os("PYTHONUSERBASE").filter(|b| !b.is_empty()) {
        Some(base) => std::path::PathBuf::from(base),
        None => match std::env::var_os("HOME").filter(|h| !h.is_empty()) {
            Some(home) => Path::new(&home).join(".local"),
            None => return Ok(false),
        },
    };
    if user_base.join("lib").join(&tag).join("site-packages").exists() {
        return Ok(false);
    }
    // `sys.path` must be what `removeduppaths` would leave (absolute, normal, no
    // repeats), and hold no `sitecustomize`/`usercustomize` nor anything but folders.
    let path: Vec<PyStrRef> = sys.get_attr("path", vm)?.try_to_value(vm)?;
    let mut seen = std::collections::HashSet::new();
    for entry in &path {
        let entry = entry.to_string();
        let entry = entry.as_str();
        if !is_normal_absolute(entry) || !seen.insert(entry.to_owned()) {
            return Ok(false);
        }
        let entry = Path::new(entry);
        if entry.is_dir() {
            let Ok(names) = std::fs::read_dir(entry) else { return Ok(false) };
            for name in names.flatten() {
                let name = name.file_name();
                let name = name.to_string_lossy();
                if name.starts_with("sitecustomize") || name.starts_with("usercustomize") {
                    return Ok(false);
                }
            }
        } else if entry.exists() {
            return Ok(false); // a zip archive, or something else a path hook may open
        }
    }
    Ok(true)
}

/// What `posixpath.abspath` leaves unchanged.
fn is_normal_absolute(path: &str) -> bool {
    if path == "/" {
        return true;
    }
    path.starts_with('/')
        && !path.starts_with("//")
        && !path.ends_with('/')
        && path[1..].split('/').all(|part| !part.is_empty() && part != "." && part != "..")
}

#[cfg(test)]
mod tests {
    use super::is_normal_absolute;

    #[test]
    fn normal_absolute_paths() {
        for good in ["/", "/usr/lib/python3.14", "/a/b.zip"] {
            assert!(is_normal_absolute(good), "{good}");
        }
        for bad in ["", "lib", "./x", "/a//b", "/a/./b", "/a/../b", "/a/", "//a", "/a/.."] {
            assert!(!is_normal_absolute(bad), "{bad}");
        }
    }
}
