//! The JIT's settings of one interpreter: `_pynum._config` holds a [`JitSettings`] made
//! by [`set_config`] (pynum-run from its flags and `PYNUM_*`, an embedding application
//! from `Python::with_jit_config`); [`config`] reads it back.
//!
//! Assumes the `_pynum` module is registered in the interpreter (`interpreter::build`);
//! without it, or before anything is set, the defaults apply.

use std::sync::Arc;

use pynum_jit::policy::JitConfig;
use rustpython_vm::{PyPayload, PyResult, VirtualMachine};

use super::JitSettings;

/// The JIT's settings of the interpreter `vm` belongs to (`_pynum._config`, set by
/// [`set_config`]; the defaults when nothing set it).
pub(crate) fn config(vm: &VirtualMachine) -> Arc<JitConfig> {
    vm.import("_pynum", 0)
        .and_then(|module| module.get_attr("_config", vm))
        .ok()
        .and_then(|settings| settings.downcast_ref::<JitSettings>().map(|settings| settings.0.clone()))
        .unwrap_or_default()
}

/// Gives the interpreter `vm` belongs to its JIT settings: each interpreter in a process
/// has its own (`pynum-run` from its flags and `PYNUM_*`, an embedding application from
/// `Python::with_jit_config`).
pub fn set_config(vm: &VirtualMachine, config: JitConfig) -> PyResult<()> {
    vm.import("_pynum", 0)?.set_attr("_config", JitSettings(Arc::new(config)).into_ref(&vm.ctx), vm)
}
