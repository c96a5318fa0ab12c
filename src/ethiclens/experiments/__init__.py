"""The research harnesses on top of the products: reproducible PCER sweeps (grids, a resumable
results store, executors, the PCER data preparation, paper tables) and the P2NIA paper's
evaluation (experiment grid, cross-population audits, figures and tables).

Nothing below ``experiments`` imports it (docs/adr/0007-layout.md).
"""

from .._keywords import refusing_exports
from ._executors import (
    DaskExecutor,
    InlineExecutor,
    LocalExecutor,
    check_executor,
    check_workers,
    make_executor,
)
from ._grid import PRESETS, SweepGrid, load_grid, preset
from ._p2nia_experiment import (
    ACS_STATES,
    POPULATION_BIAS_SCHEMA_VERSION,
    ExperimentConfig,
    audit_states_for,
    cross_population,
    population_bias_document,
    population_bias_lines,
    run_experiment,
)
from ._p2nia_figures import write_outputs as write_experiment_outputs
from ._p2nia_figures import write_population_bias_figure
from ._pcer_commands import (
    TrainedAudit,
    TrainRequest,
    export_store,
    export_to_file,
    read_table_inputs,
    store_files,
    sweep_grid,
    tables_to_folder,
    train_and_audit,
)
from ._pcer_data import PCER_ATTRIBUTES, PCER_LOADERS, attributes_of, load_pcer_dataset, prepare
from ._records import GroupRecord, RunRecord, RunResult, SweepTask
from ._runner import run_task, set_single_thread
from ._store import ResultsStore, open_existing
from ._sweep import SweepSummary, run_sweep, tasks_for
from ._tables import TABLE_FILES, write_tables

__all__ = [
    "SweepGrid",
    "preset",
    "load_grid",
    "PRESETS",
    "ResultsStore",
    "open_existing",
    "run_sweep",
    "SweepSummary",
    "write_tables",
    "TABLE_FILES",
    # what the pcer commands do (flags -> request -> these -> print)
    "TrainRequest",
    "TrainedAudit",
    "train_and_audit",
    "sweep_grid",
    "read_table_inputs",
    "tables_to_folder",
    "export_to_file",
    "export_store",
    "store_files",
    "make_executor",
    "InlineExecutor",
    "LocalExecutor",
    "DaskExecutor",
    "set_single_thread",
    "check_workers",
    "check_executor",
    "SweepTask",
    "RunRecord",
    "GroupRecord",
    "RunResult",
    "run_task",
    "tasks_for",
    # PCER data (from ethiclens.privacy before 2026-12)
    "prepare",
    "load_pcer_dataset",
    "attributes_of",
    "PCER_ATTRIBUTES",
    "PCER_LOADERS",
    # the P2NIA paper's evaluation (from ethiclens.p2nia before 2026-12)
    "ExperimentConfig",
    "run_experiment",
    "cross_population",
    "POPULATION_BIAS_SCHEMA_VERSION",
    "population_bias_document",
    "population_bias_lines",
    "audit_states_for",
    "ACS_STATES",
    "write_experiment_outputs",
    "write_population_bias_figure",
]

# a keyword an exported name does not take: one refusal with its near miss, never Python's
# bare TypeError (ethiclens._keywords)
refusing_exports(globals())
