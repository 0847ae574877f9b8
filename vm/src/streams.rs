//! `sys.stdout` and `sys.stderr` as the program left them: flushed between the program
//! and what pynum prints itself (the REPL's prompt, `--jit-stats`, the end of a script).
//!
//! Assumes nothing about the streams: a program may rebind them to any object, and a
//! stream that cannot be flushed is skipped, as CPython's `flush_io` does.

use rustpython_vm::VirtualMachine;

/// Flushes `sys.stdout`/`sys.stderr` (whatever the program bound them to), ignoring
/// errors as CPython's `flush_io` does.
pub(crate) fn flush_streams(vm: &VirtualMachine, names: &[&'static str]) {
    for name in names {
        if let Ok(stream) = vm.sys_module.get_attr(*name, vm) {
            let _ = vm.call_method(&stream, "flush", ());
        }
    }
}
