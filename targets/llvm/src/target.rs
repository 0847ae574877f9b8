//! The target LLVM compiles for, in one place: triple, CPU, features, data layout, the
//! optimization pipeline and the code generator's level. The host today; NVPTX will be a
//! second [`TargetSpec`] with its own triple and CPU, and the translation reads only
//! what is here.
//!
//! Assumes LLVM's native target is linked in (the `inkwell` feature selecting LLVM 19);
//! the host's CPU name and features are LLVM's own detection (`-mcpu=native`).

use std::sync::OnceLock;

use inkwell::module::Module;
use inkwell::passes::PassBuilderOptions;
use inkwell::targets::{CodeModel, InitializationConfig, RelocMode, Target, TargetMachine, TargetTriple};
use inkwell::values::FunctionValue;
use inkwell::OptimizationLevel;

/// What LLVM compiles for, and how hard it optimizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TargetSpec {
    pub triple: String,
    pub cpu: String,
    /// `+avx2,+fma,...`, as `llc -mattr` takes them.
    pub features: String,
    /// The new pass manager's pipeline over the whole module (`default<O3>`).
    pub pipeline: &'static str,
    /// The code generator's optimization level (instruction selection, scheduling,
    /// register allocation).
    pub codegen: OptimizationLevel,
}

impl TargetSpec {
    /// The machine this process runs on, detected once.
    pub fn host() -> &'static TargetSpec {
        static HOST: OnceLock<TargetSpec> = OnceLock::new();
        HOST.get_or_init(|| TargetSpec {
            triple: TargetMachine::get_default_triple().as_str().to_string_lossy().into_owned(),
            cpu: TargetMachine::get_host_cpu_name().to_string(),
            features: TargetMachine::get_host_cpu_features().to_string(),
            pipeline: "default<O3>",
            codegen: OptimizationLevel::Aggressive,
        })
    }

    /// A target machine for this spec (the optimizer's cost models read it).
    pub fn machine(&self) -> Result<TargetMachine, String> {
        self.machine_with(RelocMode::Default, CodeModel::JITDefault)
    }

    /// A target machine for an object file that another process may load anywhere
    /// (the tier-2 code cache): the large code model, so that every address outside a
    /// function (helpers, the poll flags, constants) is a 64-bit absolute relocation,
    /// whatever the distance between the code and what it names.
    pub fn object_machine(&self) -> Result<TargetMachine, String> {
        self.machine_with(RelocMode::Static, CodeModel::Large)
    }

    fn machine_with(&self, relocations: RelocMode, code_model: CodeModel) -> Result<TargetMachine, String> {
        initialize_native()?;
        let triple = TargetTriple::create(&self.triple);
        let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
        target
            .create_target_machine(&triple, &self.cpu, &self.features, self.codegen, relocations, code_model)
            .ok_or_else(|| format!("LLVM has no target machine for {} ({})", self.triple, self.cpu))
    }

    /// Gives `module` this target's triple and data layout.
    pub fn configure(&self, module: &Module<'_>, machine: &TargetMachine) {
        module.set_triple(&TargetTriple::create(&self.triple));
        module.set_data_layout(&machine.get_target_data().get_data_layout());
    }

    /// Marks `function` for this CPU and its features: the code generator picks the
    /// subtarget from these attributes, whatever CPU its engine was created for.
    pub fn annotate(&self, function: FunctionValue<'_>, context: &inkwell::context::Context) {
        use inkwell::attributes::AttributeLoc;
        function.add_attribute(AttributeLoc::Function, context.create_string_attribute("target-cpu", &self.cpu));
        function
            .add_attribute(AttributeLoc::Function, context.create_string_attribute("target-features", &self.features));
    }

    /// Runs the optimization pipeline over `module`.
    pub fn optimize(&self, module: &Module<'_>, machine: &TargetMachine) -> Result<(), String> {
        module.run_passes(self.pipeline, machine, PassBuilderOptions::create()).map_err(|e| e.to_string())
    }
}

/// LLVM's native target, registered once per process.
fn initialize_native() -> Result<(), String> {
    static DONE: OnceLock<Result<(), String>> = OnceLock::new();
    DONE.get_or_init(|| Target::initialize_native(&InitializationConfig::default())).clone()
}
