"""Small generator tasks for the scheduler and walker tests."""


def stepper(log, name, steps=1):
    """A task that logs each of its ``steps`` waits, then its completion."""
    for number in range(steps):
        log.append((name, number))
        yield
    log.append((name, "done"))


def failing(message):
    """A task that waits once, then fails with ValueError(``message``)."""
    yield
    raise ValueError(message)
