"""Round 41 review: the PostgreSQL statement timeout rounded ``timeout * 1000`` up, so a
float's noise cost a millisecond (2.007 s * 1000 is 2007.0000000000002: 2008 ms, where it was
2007 before the round-up); a timeout under 1 ms is still 1 ms, a fraction still rounds up."""

from ethiclens.sources import _sql


class _Sa:
    text = staticmethod(str)


class _Con:
    def __init__(self):
        self.sent = []

    def execute(self, statement):
        self.sent.append(statement)


def test_statement_timeout_in_whole_milliseconds_without_float_noise():
    cases = ((2.007, 2007), (2.011, 2011), (4.35, 4350), (0.0004, 1), (0.0015, 2), (600, 600000))
    for timeout, ms in cases:
        con = _Con()
        with _sql._read_only(_Sa, con, "postgresql", timeout):
            pass
        assert f"SET LOCAL statement_timeout = {ms}" in con.sent, (timeout, con.sent)


def test_numpy_timeout_of_a_small_type_is_its_seconds():
    # 30666578 took numpy integers: np.int16(60) * 1000 wrapped to -5536 (sent as 1 ms), and
    # np.uint8(7), np.int8(5) or np.float16(60) times 1000 raised a bare OverflowError
    import numpy as np

    cases = ((np.int16(60), 60000), (np.uint8(7), 7000), (np.int8(5), 5000))
    for timeout, ms in (*cases, (np.float16(60), 60000), (np.float32(0.5), 500)):
        con = _Con()
        with _sql._read_only(_Sa, con, "postgresql", timeout):
            pass
        assert f"SET LOCAL statement_timeout = {ms}" in con.sent, (timeout, con.sent)
