import SkyFrontEnd

// Sky's own strategies only; a package adds its own with `FrontEnd.run(adding:)`.
FrontEnd.run()
