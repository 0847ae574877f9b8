//! The embedding API: a Python interpreter owned by a Rust value, with values crossing
//! the boundary through rustpython's conversion traits.
//!
//! Assumes one `Python` per thread at a time (rustpython's VM is entered per thread);
//! Python exceptions never cross into Rust as objects, only as a rendered [`PyError`].

use std::fmt;

use rustpython_vm::{
    builtins::PyBaseExceptionRef,
    compiler::Mode,
    convert::ToPyObject,
    function::{FuncArgs, IntoPyNativeFn},
    scope::Scope,
    AsObject, Interpreter, PyObjectRef, PyResult, TryFromObject, VirtualMachine,
};

use crate::interpreter::{self, InterpreterOptions};
pub use pynum_jit::events::JitEvent;
pub use pynum_jit::policy::{JitConfig, JitStats, Tier};

/// A Python exception turned into Rust data: its type name, its message, and the full
/// traceback exactly as Python would print it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PyError {
    pub type_name: String,
    pub message: String,
    pub traceback: String,
}

impl fmt::Display for PyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.message.is_empty() {
            write!(f, "{}", self.type_name)
        } else {
            write!(f, "{}: {}", self.type_name, self.message)
        }
    }
}

impl std::error::Error for PyError {}

impl PyError {
    pub(crate) fn from_exception(vm: &VirtualMachine, exc: &PyBaseExceptionRef) -> Self {
        let type_name = exc.class().name().to_string();
        let message = exc.as_object().str(vm).map(|s| s.to_string()).unwrap_or_default();
        let mut traceback = String::new();
        let _ = vm.write_exception(&mut traceback, exc);
        PyError { type_name, message, traceback }
    }
}

/// A Python interpreter with the standard library, and one persistent `__main__`
/// namespace that [`Python::run_source`], [`Python::eval`] and [`Python::call`] share.
pub struct Python {
    interp: Interpreter,
    main: Scope,
    /// The JIT's settings (automatic mode compiles what [`Python::run_source`] defines
    /// when `automatic` is set), whose counters [`Python::jit_stats`] reads.
    config: JitConfig,
}

impl Drop for Python {
    /// Waits for the tier-2 compile of this interpreter's code that may be running on the
    /// compile thread, and drops the ones still queued: a program that exits after
    /// dropping its interpreters never exits under an LLVM compile.
    fn drop(&mut self) {
        let config = self.interp.enter(crate::dispatcher::config);
        crate::dispatcher::forget_compiles_of(&config);
    }
}

impl Default for Python {
    fn default() -> Self {
        Self::new()
    }
}

impl Python {
    /// An interpreter with the frozen stdlib, `sys.argv == ['']`, and no site import
    /// (embedders decide what their interpreter imports).
    /// The JIT is on with its default policy: automatic mode compiles the hot numeric
    /// functions and loops of the code [`Python::run_source`] runs.
    pub fn new() -> Self {
        Self::with_jit_config(JitConfig::default())
    }

    /// An interpreter whose JIT settings [`PythonBuilder`] chooses:
    /// `Python::builder().threshold(100).log(|event| ...).build()`.
    pub fn builder() -> PythonBuilder {
        PythonBuilder::default()
    }

    /// An interpreter with these JIT settings (thresholds, `automatic: false` for the
    /// interpreter alone, logs and dumps). Two `Python` values in one process may use
    /// different settings.
    pub fn with_jit_config(config: JitConfig) -> Self {
        let options = InterpreterOptions { import_site: false, ..InterpreterOptions::default() };
        let interp = interpreter::build(&options);
        let main = interp.enter(|vm| {
            vm.expect_pyresult(crate::dispatcher::set_config(vm, config.clone()), "the JIT's settings");
            vm.new_scope_with_main().expect("__main__ can always be created")
        });
        Python { interp, main, config }
    }

    /// What this interpreter's JIT has done so far: specializations compiled, regions
    /// rejected, deoptimizations, compile time, and native time when the builder asked
    /// for it ([`PythonBuilder::time_native`]).
    pub fn jit_stats(&self) -> JitStats {
        self.config.counters.snapshot()
    }

    /// Runs Python statements in the shared `__main__` namespace.
    pub fn run_source(&self, source: &str) -> Result<(), PyError> {
        self.with_vm(|vm| {
            let code =
                vm.compile(source, Mode::Exec, "<embedded>").map_err(|err| err.into_pyexception(vm, Some(source)))?;
            let code = crate::constant_folding::refold(vm, code, source, Mode::Exec, vm.compile_opts());
            // Automatic mode, as for a script: what earlier calls bound is bound when
            // this source starts. The transformation is an optimization; if it cannot
            // be made, the source runs as written.
            let code = if self.config.automatic {
                let defined: Vec<String> = self
                    .main
                    .globals
                    .clone()
                    .into_iter()
                    .filter_map(|(k, _)| k.str(vm).ok().map(|s| s.to_string()))
                    .collect();
                match crate::automatic::compile_automatic(
                    vm,
                    &code,
                    false,
                    source.as_bytes(),
                    "<embedded>",
                    &defined,
                    None,
                ) {
                    Ok(Some(transformed)) => transformed,
                    _ => code,
                }
            } else {
                code
            };
            vm.run_code_obj(code, self.main.clone()).map(drop)
        })
    }

    /// Runs a Python file in the shared `__main__` namespace, with `__file__` set.
    pub fn run_file(&self, path: impl AsRef<std::path::Path>) -> Result<(), PyError> {
        let path = path.as_ref().to_string_lossy().into_owned();
        self.with_vm(|vm| vm.run_script(self.main.clone(), &path))
    }

    /// Evaluates one expression and converts its value to `T` (`i64`, `f64`, `String`,
    /// `bool`, `Vec<T>`, tuples...). A failed conversion is a Python `TypeError`.
    pub fn eval<T: TryFromObject>(&self, expression: &str) -> Result<T, PyError> {
        self.with_vm(|vm| {
            let code = vm
                .compile(expression, Mode::Eval, "<embedded>")
                .map_err(|err| err.into_pyexception(vm, Some(expression)))?;
            let code = crate::constant_folding::refold(vm, code, expression, Mode::Eval, vm.compile_opts());
            let value = vm.run_code_obj(code, self.main.clone())?;
            T::try_from_object(vm, value)
        })
    }

    /// Calls the global callable `name` of `__main__` with Rust arguments (a tuple of
    /// values that convert to Python) and converts its result to `T`.
    pub fn call<T: TryFromObject>(&self, name: &str, args: impl IntoRustArgs) -> Result<T, PyError> {
        self.with_vm(|vm| {
            let callable = self.main.globals.get_item(name, vm)?;
            let result = callable.call(args.into_func_args(vm), vm)?;
            T::try_from_object(vm, result)
        })
    }

    /// Makes a Rust function callable from Python as a global of `__main__`. Arguments
    /// and results convert through rustpython's traits; a wrong argument type raises
    /// `TypeError` in Python, as a builtin would.
    pub fn register_function<F, Kind>(&self, name: &'static str, function: F)
    where
        F: IntoPyNativeFn<Kind>,
    {
        self.interp.enter(|vm| {
            let function = vm.new_function(name, function);
            self.main.globals.set_item(name, function.into(), vm).expect("setting a key of a plain dict cannot fail");
        })
    }

    /// Evaluates `expression`, which must give a C-contiguous `numpy.ndarray` of `T`
    /// items, and calls `f` with its items borrowed in place (no copy).
    pub fn with_array_slice<T: pynum_numpy::VecItem, R>(
        &self,
        expression: &str,
        f: impl FnOnce(&[T]) -> R,
    ) -> Result<R, PyError> {
        self.with_vm(|vm| {
            let code = vm
                .compile(expression, Mode::Eval, "<embedded>")
                .map_err(|err| err.into_pyexception(vm, Some(expression)))?;
            let value = vm.run_code_obj(code, self.main.clone())?;
            pynum_numpy::with_ndarray_slice(&value, vm, f).ok_or_else(|| {
                vm.new_type_error(format!("expected a C-contiguous numpy.ndarray of {}", T::DTYPE.name()))
            })
        })
    }

    /// Direct access to the rustpython VM for what this API does not cover.
    pub fn enter<R>(&self, f: impl FnOnce(&VirtualMachine) -> R) -> R {
        self.interp.enter(f)
    }

    fn with_vm<R>(&self, f: impl FnOnce(&VirtualMachine) -> PyResult<R>) -> Result<R, PyError> {
        self.interp.enter(|vm| f(vm).map_err(|exc| PyError::from_exception(vm, &exc)))
    }
}

/// A NumPy array of `f64` or `i64` items crossing the boundary: its items in C order and
/// its shape. Into Python, the vector becomes the array's memory without a copy; out of
/// Python (an exact `numpy.ndarray` of that dtype, any strides), the items are copied,
/// since the array keeps its memory ([`Python::with_array_slice`] borrows them instead).
#[derive(Debug, Clone, PartialEq)]
pub struct NdArray<T> {
    items: Vec<T>,
    shape: Vec<usize>,
}

impl<T: pynum_numpy::VecItem> NdArray<T> {
    /// `None` unless the shape holds exactly the items.
    pub fn new(items: Vec<T>, shape: Vec<usize>) -> Option<Self> {
        let size = shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d));
        (size == Some(items.len())).then_some(NdArray { items, shape })
    }

    /// A one-axis array of the items.
    pub fn from_vec(items: Vec<T>) -> Self {
        let shape = vec![items.len()];
        NdArray { items, shape }
    }

    pub fn items(&self) -> &[T] {
        &self.items
    }

    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    pub fn into_items(self) -> Vec<T> {
        self.items
    }
}

impl<T: pynum_numpy::VecItem> IntoPython for NdArray<T> {
    fn into_python(self, vm: &VirtualMachine) -> PyObjectRef {
        // The shape was checked when the value was made; numpy is frozen into the binary.
        match pynum_numpy::ndarray_from_vec(self.items, self.shape, vm) {
            Ok(array) => array,
            Err(exc) => exc.into(),
        }
    }
}

impl<T: pynum_numpy::VecItem> TryFromObject for NdArray<T> {
    fn try_from_object(vm: &VirtualMachine, value: PyObjectRef) -> PyResult<Self> {
        pynum_numpy::ndarray_to_vec::<T>(&value, vm).map(|(items, shape)| NdArray { items, shape }).ok_or_else(|| {
            vm.new_type_error(format!("expected a numpy.ndarray of {}, got {}", T::DTYPE.name(), value.class().name()))
        })
    }
}

/// Builds a [`Python`] with the JIT settings an application chooses; unset settings keep
/// the defaults of `pynum-run` (automatic mode on, the default tier policy).
#[derive(Debug, Clone, Default)]
pub struct PythonBuilder {
    config: JitConfig,
}

impl PythonBuilder {
    /// Calls (and loop entries, and interpreted loop iterations) before automatic mode
    /// compiles, instead of the default policy; 0 compiles at the first opportunity.
    pub fn threshold(mut self, calls: u64) -> Self {
        self.config.threshold = Some(calls);
        self
    }

    /// The highest tier automatic mode compiles to: [`Tier::Interpreter`] leaves all
    /// code interpreted (as `pynum-run --no-jit`).
    pub fn max_tier(mut self, tier: Tier) -> Self {
        self.config.automatic = tier > Tier::Interpreter;
        self
    }

    /// Receives every JIT event of this interpreter (compiled, rejected, deoptimized,
    /// moved into native code mid-loop) as it happens, on the thread that caused it.
    pub fn log(mut self, receive: impl Fn(&JitEvent) + Send + Sync + 'static) -> Self {
        self.config.event_sink = Some(pynum_jit::policy::EventSink::new(receive));
        self
    }

    /// Times every native call for [`Python::jit_stats`] (two clock reads a call).
    pub fn time_native(mut self, on: bool) -> Self {
        self.config.time_native = on;
        self
    }

    pub fn build(self) -> Python {
        Python::with_jit_config(self.config)
    }
}

/// Rust values that become Python values: numbers, `bool`, strings, `Option` (`None`),
/// vectors (lists) and tuples of these, nested freely.
pub trait IntoPython {
    fn into_python(self, vm: &VirtualMachine) -> PyObjectRef;
}

macro_rules! into_python_via_to_pyobject {
    ($($t:ty),*) => {$(
        impl IntoPython for $t {
            fn into_python(self, vm: &VirtualMachine) -> PyObjectRef {
                self.to_pyobject(vm)
            }
        }
    )*};
}

into_python_via_to_pyobject!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64, bool, String, &str);

impl<T: IntoPython> IntoPython for Option<T> {
    fn into_python(self, vm: &VirtualMachine) -> PyObjectRef {
        match self {
            Some(value) => value.into_python(vm),
            None => vm.ctx.none(),
        }
    }
}

impl<T: IntoPython> IntoPython for Vec<T> {
    fn into_python(self, vm: &VirtualMachine) -> PyObjectRef {
        let items = self.into_iter().map(|item| item.into_python(vm)).collect();
        vm.ctx.new_list(items).into()
    }
}

macro_rules! tuple_impls {
    ($($name:ident),*) => {
        impl<$($name: IntoPython),*> IntoPython for ($($name,)*) {
            #[allow(non_snake_case)]
            fn into_python(self, vm: &VirtualMachine) -> PyObjectRef {
                let ($($name,)*) = self;
                vm.ctx.new_tuple(vec![$($name.into_python(vm)),*]).into()
            }
        }

        impl<$($name: IntoPython),*> IntoRustArgs for ($($name,)*) {
            #[allow(non_snake_case, unused_variables)]
            fn into_func_args(self, vm: &VirtualMachine) -> FuncArgs {
                let ($($name,)*) = self;
                FuncArgs::from(vec![$($name.into_python(vm)),*])
            }
        }
    };
}

/// Argument lists for [`Python::call`]: tuples of up to four [`IntoPython`] values.
pub trait IntoRustArgs {
    fn into_func_args(self, vm: &VirtualMachine) -> FuncArgs;
}

impl IntoRustArgs for () {
    fn into_func_args(self, _vm: &VirtualMachine) -> FuncArgs {
        FuncArgs::from(Vec::new())
    }
}

tuple_impls!(A);
tuple_impls!(A, B);
tuple_impls!(A, B, C);
tuple_impls!(A, B, C, D);

#[cfg(test)]
mod tests {
    use super::*;
    use pynum_jit::events::JitEvent;

    const SUM_OF_SQUARES: &str =
        "def sum_of_squares(n):\n    s = 0\n    for i in range(n):\n        s += i * i\n    return s\n";

    fn compiled_events(name: &str) -> usize {
        crate::dispatcher::events()
            .iter()
            .filter(|e| matches!(e, JitEvent::Compiled { what, .. } if what.starts_with(name)))
            .count()
    }

    /// Arrays cross both ways: a Rust vector becomes a NumPy array (its memory moved, not
    /// copied), Python computes on it, and the result comes back as items and shape;
    /// a contiguous array's items are borrowed in place.
    #[test]
    fn numpy_arrays_cross_the_boundary() {
        let py = Python::new();
        py.run_source("import numpy as np\ndef scaled(a, k):\n    return a.T * k\n").unwrap();
        let items: Vec<f64> = (0..6).map(f64::from).collect();
        let address = items.as_ptr() as usize;
        py.register_function("data_address", |a: PyObjectRef, vm: &VirtualMachine| {
            pynum_numpy::with_ndarray(&a, vm, |array| array.data() as usize).unwrap_or(0)
        });
        let seen: usize = py.call("data_address", (NdArray::new(items.clone(), vec![2, 3]).unwrap(),)).unwrap();
        assert_ne!(seen, address, "a clone has memory of its own");
        let seen: usize = py.call("data_address", (NdArray::new(items, vec![2, 3]).unwrap(),)).unwrap();
        assert_eq!(seen, address, "the vector's memory became the array's, not a copy");
        let matrix = NdArray::new((0..6).map(f64::from).collect(), vec![2, 3]).unwrap();
        let back: NdArray<f64> = py.call("scaled", (matrix, 2.0)).unwrap();
        assert_eq!(back.shape(), [3, 2]);
        assert_eq!(back.items(), [0.0, 6.0, 2.0, 8.0, 4.0, 10.0]);
        let ints: NdArray<i64> = py.eval("np.arange(5) * 3").unwrap();
        assert_eq!(ints.into_items(), vec![0, 3, 6, 9, 12]);
        let total = py.with_array_slice("np.linspace(0.0, 1.0, 5)", |items: &[f64]| items.iter().sum::<f64>()).unwrap();
        assert_eq!(total, 2.5);
        assert!(py.with_array_slice("np.arange(5.0)[::2]", |items: &[f64]| items.len()).is_err(), "not contiguous");
        let wrong: Result<NdArray<i64>, _> = py.eval("np.arange(3.0)");
        assert_eq!(wrong.unwrap_err().type_name, "TypeError");
        assert!(NdArray::new(vec![1.0_f64, 2.0], vec![3]).is_none());
    }

    /// Two interpreters in one process with different JIT settings: the one with
    /// automatic mode compiles the function its source defines, the other does not,
    /// and both answer as Python does.
    #[test]
    fn two_interpreters_keep_their_own_jit_settings() {
        let jit = Python::with_jit_config(JitConfig { threshold: Some(0), ..JitConfig::default() });
        let plain = Python::with_jit_config(JitConfig { automatic: false, ..JitConfig::default() });
        jit.run_source(SUM_OF_SQUARES).unwrap();
        plain.run_source(SUM_OF_SQUARES).unwrap();
        let before = compiled_events("sum_of_squares");
        let from_plain: i64 = plain.call("sum_of_squares", (100_000_i64,)).unwrap();
        assert_eq!(compiled_events("sum_of_squares"), before, "the interpreter without automatic mode compiled");
        let from_jit: i64 = jit.call("sum_of_squares", (100_000_i64,)).unwrap();
        assert!(compiled_events("sum_of_squares") > before, "automatic mode did not compile the embedded function");
        assert_eq!(from_jit, from_plain);
        assert_eq!(from_jit, (0..100_000_i64).map(|i| i * i).sum::<i64>());
        // What Python sees is a plain function in both.
        let kind: String = jit.eval("type(sum_of_squares).__name__").unwrap();
        assert_eq!(kind, "function");
    }

    /// The builder's settings reach the interpreter: its event sink sees this
    /// interpreter's compiles and nobody else's, its threshold decides when a loop-free
    /// function compiles, its counters count its own native calls.
    #[test]
    fn the_builder_sets_threshold_log_and_stats_per_interpreter() {
        use std::sync::{Arc, Mutex};
        const DOUBLE: &str = "def double(x):\n    return x * 2 + 1\n";
        let seen = Arc::new(Mutex::new(Vec::<String>::new()));
        let sink = seen.clone();
        let eager = Python::builder()
            .threshold(0)
            .time_native(true)
            .log(move |event| sink.lock().unwrap().push(event.to_string()))
            .build();
        let patient = Python::builder().threshold(1_000).time_native(true).build();
        eager.run_source(DOUBLE).unwrap();
        patient.run_source(DOUBLE).unwrap();
        for i in 0..20_i64 {
            let a: i64 = eager.call("double", (i,)).unwrap();
            let b: i64 = patient.call("double", (i,)).unwrap();
            assert_eq!((a, b), (2 * i + 1, 2 * i + 1));
        }
        let eager_stats = eager.jit_stats();
        assert_eq!(eager_stats.compiled, 1, "{eager_stats:?}");
        assert!(eager_stats.native_calls >= 19, "{eager_stats:?}");
        let patient_stats = patient.jit_stats();
        assert_eq!((patient_stats.compiled, patient_stats.native_calls), (0, 0), "{patient_stats:?}");
        let seen = seen.lock().unwrap();
        assert!(seen.iter().any(|line| line.contains("compiled") && line.contains("double")), "{seen:?}");
        // The interpreter capped at tier 0 runs the same source without compiling.
        let interpreted = Python::builder().threshold(0).max_tier(Tier::Interpreter).build();
        interpreted.run_source(DOUBLE).unwrap();
        let value: i64 = interpreted.call("double", (4_i64,)).unwrap();
        assert_eq!((value, interpreted.jit_stats().compiled), (9, 0));
    }
}
