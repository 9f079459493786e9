from django.db import models
from django.utils.translation import gettext_lazy as _


class WorkerBeat(models.Model):
    """A task worker's last sign of life, written every few seconds while it runs (`school.lost_tasks`): a
    task still marked running whose worker has gone quiet was lost with it."""

    worker_id = models.CharField(_("worker"), max_length=64, primary_key=True)
    beat = models.DateTimeField(_("last heard"))

    class Meta:
        verbose_name = _("task worker's heartbeat")
        verbose_name_plural = _("task workers' heartbeats")

    def __str__(self) -> str:
        return self.worker_id
