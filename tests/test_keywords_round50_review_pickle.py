"""Review of 0d1329a6: the exported functions became their refusing copies in their defining
module, so a module that had imported the plain function first (experiments._sweep's
run_task, the task every spawned worker is handed) held one pickle could no longer find
('not the same object as ethiclens.experiments._runner.run_task'): a sweep on LocalExecutor
failed to hand out its tasks. The plain function now pickles as the copy's __wrapped__."""

import functools
import pickle
import sys
import types

import pytest

from ethiclens.experiments import _sweep


@pytest.mark.parametrize("protocol", [2, pickle.HIGHEST_PROTOCOL])
def test_sweep_worker_task_pickles(protocol):
    task = _sweep.run_task
    assert pickle.loads(pickle.dumps(task, protocol=protocol)) is task
    partial = functools.partial(task, trainer=None)  # a trainer registered at run time
    assert pickle.loads(pickle.dumps(partial, protocol=protocol)).func is task


def test_every_plain_copy_of_an_exported_function_pickles():
    """Over the modules loaded (fairness's engine holds 28 of them)."""
    failed = []
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("ethiclens"):
            continue
        for attr, value in list(vars(module).items()):
            home = sys.modules.get(getattr(value, "__module__", None) or "")
            exported = getattr(home, getattr(value, "__name__", ""), None)
            if not isinstance(value, types.FunctionType) or exported is value:
                continue
            if getattr(exported, "__wrapped__", None) is value:  # the refusing copy's own
                try:
                    assert pickle.loads(pickle.dumps(value)) is value
                except (pickle.PicklingError, AssertionError):
                    failed.append(f"{module_name}.{attr}")
    assert not failed
