"""Round 38 (leftovers-words): an output name too long for the file system, in one line.

io.check_writable let Path.exists() raise a bare OSError ([Errno 36] File name too long), so
the command line said "the path has a file or folder name that is too long" naming no option
(--html, --json, --model-card, --csv, --plot, --out); io.check_writable, check_outputs and
ensure_output_folder now refuse it themselves, naming the option that gave it."""

import pytest

from ethiclens.errors import EthicLensInputError
from ethiclens.io import check_outputs, check_writable, ensure_output_folder, write_atomic

LONG = "a" * 300  # past every common file system's 255 bytes per name
TOO_LONG = "has a file or folder name that is too long"
FIX = "use shorter names (most file systems take at most 255 bytes per name)"


@pytest.mark.parametrize(
    "check",
    [
        lambda p: check_writable(p, flag="--html"),
        lambda p: check_outputs({"--html": p}),
        lambda p: ensure_output_folder(p, "--html", create=False),
    ],
)
def test_each_check_names_the_option(tmp_path, check):
    path = str(tmp_path / f"{LONG}.html")
    with pytest.raises(EthicLensInputError) as info:
        check(path)
    e = info.value
    assert (e.column, e.kind, e.problem, e.value, e.fix) == (
        "--html",
        "option",
        TOO_LONG,
        path,
        FIX,
    )
    assert str(e).startswith(f"option '--html': {TOO_LONG} (value: ")


def test_no_option_and_a_python_writer(tmp_path):
    path = str(tmp_path / f"{LONG}.json")
    with pytest.raises(EthicLensInputError, match=f"^the path {TOO_LONG}"):
        write_atomic(path, "{}")
    from ethiclens.fairness._display import written  # every Python writer's guard

    with pytest.raises(EthicLensInputError) as info:
        written(path, lambda: write_atomic(path, "{}"))
    e = info.value
    assert (e.column, e.kind, e.problem, e.value, e.fix) == (
        "path",
        "argument",
        TOO_LONG,
        path,
        FIX,
    )


@pytest.mark.parametrize(
    ("args", "flag"), [(["--csv", "t.csv"], "--csv"), (["--plot", "p.png"], "--plot")]
)
def test_the_command_line_names_its_option(tmp_path, capsys, args, flag):
    from ethiclens.cli import main

    path = str(tmp_path / f"{LONG}{args[1]}")
    assert main(["thresholds", "compas", flag, path]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '{flag}': {TOO_LONG}") and err.count("\n") == 1, err
