"""Ctrl-C and SIGTERM held back for the length of a call that cannot be cut off half-way,
then answered by the handlers that were there before."""

from __future__ import annotations

import os
import signal
import threading

import pytest

from queens_core.runtime.signals import signals_deferred, terminate_as_exit


def test_a_ctrl_c_inside_the_block_is_a_keyboard_interrupt_as_it_ends():
    handler = signal.getsignal(signal.SIGINT)  # Python's, or the one the time budget sets
    reached = []
    with pytest.raises(KeyboardInterrupt):
        with signals_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            reached.append("the rest of the block")
    assert reached == ["the rest of the block"]
    assert signal.getsignal(signal.SIGINT) is handler


def test_a_sigterm_inside_the_block_ends_as_terminate_as_exit_says_after_it():
    reached = []
    with pytest.raises(SystemExit) as ended:
        with terminate_as_exit(143, 3):
            handler = signal.getsignal(signal.SIGTERM)
            with signals_deferred():
                os.kill(os.getpid(), signal.SIGTERM)
                reached.append("the rest of the block")
            reached.append("after the block")  # not reached: the signal is answered first
    assert ended.value.code == 143
    assert reached == ["the rest of the block"]
    assert callable(handler)


def test_without_a_signal_the_block_changes_nothing():
    before = {signum: signal.getsignal(signum) for signum in (signal.SIGINT, signal.SIGTERM)}
    with signals_deferred():
        pass
    assert {signum: signal.getsignal(signum) for signum in before} == before


def test_an_error_of_the_block_still_comes_out_of_it():
    handler = signal.getsignal(signal.SIGINT)
    with pytest.raises(ZeroDivisionError):
        with signals_deferred():
            1 / 0  # noqa: B018
    assert signal.getsignal(signal.SIGINT) is handler


def test_a_signal_python_does_not_answer_is_left_as_it_is():
    previous = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        with signals_deferred():
            assert signal.getsignal(signal.SIGTERM) is signal.SIG_IGN
            os.kill(os.getpid(), signal.SIGTERM)  # ignored, as it was
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_outside_the_main_thread_nothing_is_deferred():
    handler = signal.getsignal(signal.SIGINT)
    seen = []

    def in_a_thread():
        with signals_deferred():
            seen.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=in_a_thread)
    thread.start()
    thread.join()
    assert seen == [handler]
