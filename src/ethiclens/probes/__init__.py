"""Probes that make the engine's claims testable: counterfactual flips and injected bias."""

from .._keywords import refusing_exports
from ._counterfactual import (
    CounterfactualResult,
    PairResult,
    analyze_counterfactuals,
    counterfactual,
    make_counterfactuals,
)
from ._entry import load_entry_point
from ._oracle import (
    InjectedData,
    OracleResult,
    inject_bias,
    oracle_disparate_impacts,
    oracle_report,
    run_oracle,
)
from ._runs import (
    analyze_scored,
    check_probe_outputs,
    probe_benchmark,
    probe_model,
    write_counterfactuals,
)

__all__ = [
    "counterfactual",
    "make_counterfactuals",
    "analyze_counterfactuals",
    "analyze_scored",
    "write_counterfactuals",
    "check_probe_outputs",
    "CounterfactualResult",
    "PairResult",
    "load_entry_point",
    "probe_benchmark",
    "probe_model",
    "inject_bias",
    "run_oracle",
    "oracle_disparate_impacts",
    "oracle_report",
    "InjectedData",
    "OracleResult",
]

# a keyword an exported name does not take: one refusal with its near miss, never Python's
# bare TypeError (ethiclens._keywords)
refusing_exports(globals())
