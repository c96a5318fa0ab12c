"""Round 47 leftover: a NUL in a path was said two ways: --baseline-target (and every path io
checks: a config file, a writer's output, a Python argument) said "holds a NUL character,
which no file name can ... Fix: give the path of the file to read", other flags and the spec
"a path cannot hold a NUL character (\\x00) ... Fix: remove it: ...", the web's settings a
third way. Every face now says the one wording (io.NUL_IN_PATH, io.NUL_PATH_FIX)."""

import pytest

from ethiclens import io
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError

WORDS = "a path cannot hold a NUL character (\\x00) (value: 'a\\x00b"
FIX = "Fix: remove it: no file or folder name holds one"


def _monitor(tmp_path, capsys, *flags) -> str:
    data = tmp_path / "d.csv"
    data.write_text("t,p,g\n2024-01-01,1,a\n2024-01-02,0,b\n")
    argv = ["monitor", str(data), "--time", "t", "--window", "1d", "--y-pred", "p"]
    assert main([*argv, "--protected", "g", *flags]) == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--baseline-target", "--json", "--config"])
def test_every_flag_says_one_wording(tmp_path, capsys, flag):
    err = _monitor(tmp_path, capsys, flag, "a\x00b")
    assert err.startswith(f"error: option '{flag}': {WORDS}") and FIX in err, err


@pytest.mark.parametrize(
    "call",
    [
        lambda: io.read_config_file("a\x00b", "--baseline", "baseline report"),
        lambda: io.read_table("a\x00b.csv"),
        lambda: io.write_atomic("a\x00b.csv", "x"),
        lambda: io.check_writable("a\x00b.json", flag="--json"),
    ],
)
def test_every_io_check_says_it(call):
    with pytest.raises(EthicLensInputError) as info:
        call()
    assert WORDS in str(info.value) and str(info.value).endswith(FIX), info.value


@pytest.mark.parametrize("key", ["data_dir", "store"])
def test_the_webs_settings_say_it(tmp_path, key):
    pytest.importorskip("starlette")
    from ethiclens.web import WebConfig

    paths = {"data_dir": tmp_path, key: f"{tmp_path}/a\x00b"}
    with pytest.raises(EthicLensInputError) as info:
        WebConfig(**paths)
    assert f"WebConfig.{key}" in str(info.value) and "cannot hold a NUL" in str(info.value)
    assert str(info.value).endswith(FIX)
