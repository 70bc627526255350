"""The long computations the status bar shows, one per kind, with their Cancel button."""

from __future__ import annotations

from dataclasses import dataclass, field

from .work import Task


@dataclass
class Job:
    """The long computations shown in the status bar (one per kind), with their Cancel button."""

    tasks: dict[str, Task] = field(default_factory=dict)
    message: str = ""

    @property
    def running(self) -> bool:
        return bool(self.tasks)

    @property
    def task(self) -> Task | None:
        """The computation the status bar shows (the first one started)."""
        return next(iter(self.tasks.values()), None)

    def start(self, task: Task, kind: str) -> Task:
        """Show ``task``; an older computation of the same kind is stale and is ended."""
        old = self.tasks.pop(kind, None)
        if old is not None:
            old.cancel()
        self.tasks[kind] = task
        return task

    def done(self, task: Task) -> None:
        for kind, t in list(self.tasks.items()):
            if t is task:
                del self.tasks[kind]

    def cancel(self) -> None:
        """End every running computation; their results are not shown."""
        if self.tasks:
            names = [t.label for t in self.tasks.values()]
            labels = " and ".join([names[0], *(n[0].lower() + n[1:] for n in names[1:])])
            for t in self.tasks.values():
                t.cancel()
            self.tasks.clear()
            self.message = f"{labels} cancelled; what is shown is from before the last change"
