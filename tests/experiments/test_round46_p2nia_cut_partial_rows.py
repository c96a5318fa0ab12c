"""Round 46 (known item c): a kill -9 while a task's rows were appended to
<out>/<dataset>-rows.partial.csv leaves its last line cut (a number cut short, the rest of the
row missing), which pandas reads as a row. There is no resume: a second run refuses the file
(never overwritten); the refusal now says when its last line is cut and what to drop."""

import os
import threading

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.experiments import _p2nia_experiment as exp

HEADER = "dataset,model,rep,mechanism,epsilon,n,metric,estimate\n"
WHOLE = HEADER + "adult,rf,0,blackbox,0.0,250,dp,0.1234\n"
CUT = WHOLE + "adult,rf,1,blackbox,0.0,250,dp,0.12"


def _cfg():
    return exp.ExperimentConfig(
        models=("rf",), repetitions=2, mechanisms=("blackbox",),
        sizes=(250,), epsilons=(), metric_epsilons=(),
    )  # fmt: skip


@pytest.mark.parametrize("text,cut", [(CUT, True), (WHOLE, False), ("", False)])
def test_a_cut_last_line_is_said_and_the_file_kept(tmp_path, text, cut):
    path = tmp_path / "adult-rows.partial.csv"
    path.write_text(text)
    with pytest.raises(EthicLensInputError) as exc:
        exp.run_experiment(_cfg(), keep_in=tmp_path)
    assert exc.value.column == "keep_in" and "interrupted experiment" in exc.value.problem
    assert ("its last line is cut" in exc.value.problem) is cut, exc.value
    assert path.read_text() == text  # never changed


def test_the_command_says_it_too(tmp_path, capsys):
    (tmp_path / "adult-rows.partial.csv").write_text(CUT)
    args = ["p2nia", "experiment", "--models", "rf", "--mechanisms", "blackbox"]
    args += ["--repetitions", "2", "--sizes", "250", "--epsilons", "1", "--out", str(tmp_path)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "option '--out'" in err and "its last line is cut" in err, err
    assert err.count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX named pipes")
def test_a_named_pipe_there_is_refused_without_blocking(tmp_path):
    # review of 34d83186: reading a FIFO's last byte for the note blocked until a writer came
    path = tmp_path / "adult-rows.partial.csv"
    os.mkfifo(path)
    caught = []

    def run():
        try:
            exp.run_experiment(_cfg(), keep_in=tmp_path)
        except EthicLensInputError as exc:
            caught.append(exc)

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(5)
    if worker.is_alive():  # blocked in open(): let it go, then fail
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
        pytest.fail("the refusal blocked reading a named pipe")
    assert caught and "interrupted experiment" in caught[0].problem, caught
    assert "last line is cut" not in caught[0].problem
