"""cli battery: 'monitor ... --baseline-target "a<NUL>b"' crashed with a traceback (ValueError:
embedded null byte) from the output check (io.check_outputs' _Inputs.of stat-ed every input,
catching only OSError). An input path holding a NUL is now left to its reader, which refuses
it by its flag."""

import pytest

from ethiclens import io
from ethiclens.cli import main


def test_the_output_check_skips_an_input_holding_a_nul(tmp_path):
    io.check_outputs({"--json": str(tmp_path / "r.json")}, inputs=["a\x00b", tmp_path / "d.csv"])


@pytest.mark.parametrize("flag", ["--baseline-target"])
def test_a_nul_in_the_monitors_baseline_is_refused_by_its_flag(tmp_path, capsys, flag):
    data = tmp_path / "d.csv"
    data.write_text(
        "t,p,g\n" + "".join(f"2024-01-0{1 + i % 3},{i % 2},{'ab'[i % 2]}\n" for i in range(12))
    )
    argv = ["monitor", str(data), "--time", "t", "--window", "1d", "--y-pred", "p"]
    assert main([*argv, "--protected", "g", flag, "a\x00b"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"error: option '{flag}': "), err
    assert "NUL" in err and "Traceback" not in err
