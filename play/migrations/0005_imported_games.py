from django.db import migrations, models


def name_imported_games(apps, schema_editor):
    apps.get_model("play", "Game").objects.filter(mode="analysis").update(mode="imported")


def name_analysis_games(apps, schema_editor):
    apps.get_model("play", "Game").objects.filter(mode="imported").update(mode="analysis")


class Migration(migrations.Migration):
    """An imported game's mode was called "analysis", beside the analysis board, which has nothing to do with
    it: it is "imported" now."""

    dependencies = [
        ("play", "0004_clocks_presence_watching_rematch"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="mode",
            field=models.CharField(
                choices=[
                    ("hotseat", "a friend on this device"),
                    ("online", "a friend online"),
                    ("bot", "a bot"),
                    ("imported", "an imported game"),
                ],
                max_length=10,
                verbose_name="mode",
            ),
        ),
        migrations.RunPython(name_imported_games, name_analysis_games),
    ]
