import SkyFrontEnd

// Sky, with the growing window beside its own strategies: `--strategy growing` picks it.
FrontEnd.run(adding: [.growing])
