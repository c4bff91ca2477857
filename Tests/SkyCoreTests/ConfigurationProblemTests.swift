import Testing
@testable import SkyCore

/// `RunConfiguration.problem`, the one rule of which configurations can run, and the rerun that
/// keeps to it.
@Suite("Which configurations can run")
struct ConfigurationProblemTests {
    static let plain = RunConfiguration(total: 20, batch: 4, seed: 3)

    /// `plain` with `option` given.
    static func giving(_ option: StrategyOption, to strategy: ScanStrategy, from base: RunConfiguration = plain) -> RunConfiguration {
        var configuration = base
        configuration.strategy = strategy
        switch option {
        case .spacing: configuration.spacing = .seconds(1)
        case .errorsThrow: configuration.errors = .throw
        case .errorsCollect: configuration.errors = .collect
        case .errorsCancel: configuration.errors = .cancel
        case .taskBag: configuration.taskBag = true
        case .catalogue: configuration.catalogue = .safe
        case .take: configuration.take = 3
        case .detached: configuration.detached = true
        }
        return configuration
    }

    @Test("A strategy takes exactly the options it declares; a refusal names the option and the strategies that take it",
          arguments: StrategiesUnderTest.all)
    func declaredOptions(strategy: ScanStrategy) {
        var bare = Self.plain
        bare.strategy = strategy
        #expect(bare.problem == nil, "\(bare.problem!)")
        for option in StrategyOption.allCases {
            let problem = Self.giving(option, to: strategy).problem
            if strategy.takes.contains(option) {
                #expect(problem == nil, "\(strategy.rawValue) takes \(option.flag), but: \(problem!)")
            } else {
                #expect(problem != nil, "\(strategy.rawValue) does not take \(option.flag)")
                #expect(problem?.option == option.flag)
                #expect(problem?.description.hasPrefix(option.flag) == true)
                for taker in option.strategies { #expect(problem?.description.contains(taker.rawValue) == true, "\(problem!)") }
            }
        }
    }

    @Test("The strategies that take --errors throw are those that have something to throw out of")
    func throwing() {
        for strategy in StrategiesUnderTest.all {
            #expect(strategy.takes.contains(.errorsThrow) == (strategy.throwsOutOf != nil), "\(strategy.rawValue)")
            #expect(strategy.takes.contains(.errorsThrow) == (strategy.whyItCannotThrow == nil), "\(strategy.rawValue)")
        }
        #expect(
            RunConfiguration.throwingStrategies
                == "serial (out of the serial loop), unbounded or batched (out of the task group), wait-for-all (out of waitForAll()), async-let (out of the async let pair's scope)")
    }

    @Test("Limits that hold whatever the strategy: a bound, the ranges, unbounded and collect totals, --take")
    func limits() {
        func problem(_ change: (inout RunConfiguration) -> Void) -> String? {
            var configuration = Self.plain
            change(&configuration)
            return configuration.problem?.description
        }
        #expect(problem { $0.total = nil } == "a run needs a --total, a --duration or both")
        #expect(problem { $0.batch = 0 } == "--batch must be from 1 to 4096, not 0")
        #expect(problem { $0.speed = 2 } == "--speed must be from 0.01 to 1.0, not 2.0")
        #expect(problem { $0.strategy = .unbounded; $0.total = 20_000 }?.contains("--total must be at most 10000") == true)
        #expect(problem { $0.strategy = .unbounded; $0.total = nil; $0.duration = .seconds(5) }?.contains("needs a --total") == true)
        #expect(problem { $0.errors = .collect; $0.total = 20_000 }?.contains("at most 10000") == true)
        #expect(problem { $0.errors = .collect; $0.take = 3 }?.contains("use --errors result or throw") == true)
        #expect(problem { $0.take = 3; $0.duration = .seconds(5) }?.contains("give a --total with --take") == true)
        #expect(problem { $0.strategy = .unbounded; $0.total = 10_000 } == nil)
    }

    /// Every legal run the command line can ask for, as far as the strategy options go: each
    /// strategy with each option it takes, with and without `--take`, and collecting runs.
    static var legalRuns: [RunConfiguration] {
        var runs: [RunConfiguration] = []
        for strategy in StrategiesUnderTest.all {
            var bare = plain
            bare.strategy = strategy
            runs.append(bare)
            for option in strategy.takes {
                let given = giving(option, to: strategy)
                runs.append(given)
                var taking = given
                taking.take = 3
                if taking.problem == nil { runs.append(taking) }
            }
        }
        var timed = plain
        timed.total = nil
        timed.duration = .seconds(60)
        runs.append(timed)
        return runs
    }

    // The dashboard's `r` once reran a collecting run as async-let with collect, which the command
    // line refuses: its replay line could not be run.
    @Test("A rerun with any strategy can run, and keeps every option the new strategy takes", arguments: StrategiesUnderTest.all)
    func rerun(strategy: ScanStrategy) {
        for run in Self.legalRuns {
            #expect(run.problem == nil)
            let next = run.rerun(with: strategy)
            #expect(next.problem == nil, "\(run.strategy.rawValue) \(run.errors.rawValue) rerun as \(strategy.rawValue): \(next.problem!)")
            #expect(next.strategy == strategy)
            #expect(next.seed == run.seed && next.work == run.work && next.batch == run.batch)
            #expect(next.take == (strategy.takes.contains(.take) ? run.take : nil))
            for option in StrategyOption.allCases where option.isGiven(in: run) && strategy.takes.contains(option) {
                #expect(option.isGiven(in: next), "\(option.flag) dropped on the way from \(run.strategy.rawValue) to \(strategy.rawValue)")
            }
        }
        var collecting = Self.plain
        collecting.errors = .collect
        #expect(collecting.rerun(with: .asyncLet).errors == .throw, "the same failure still ends the run")
        #expect(collecting.rerun(with: .stream).errors == .result)
    }
}

@Suite("A package's own strategies")
struct OwnStrategyTests {
    struct Idle: Strategy {
        func run(_ scans: Scans) async {}
    }

    @Test("The example's strategy is named beside Sky's, and reads back from its name")
    func named() {
        #expect(StrategiesUnderTest.all.contains(StrategiesUnderTest.growing))
        #expect(ScanStrategy(rawValue: "growing") == StrategiesUnderTest.growing)
        #expect(StrategiesUnderTest.growing.summary == OwnStrategy.growing.summary)
        #expect(ScanStrategy(rawValue: "async-let") == .asyncLet)
    }

    @Test("A name that is taken or not a plain word, or an option the engine cannot carry out, is refused, and nothing is added")
    func refused() {
        _ = StrategiesUnderTest.all
        let before = ScanStrategy.allCases
        func refusal(_ strategies: [OwnStrategy]) -> ConfigurationProblem? {
            do {
                try OwnStrategy.add(strategies)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal([OwnStrategy(Idle(), name: "batched", summary: "")])?.description.hasPrefix("there is already a strategy named batched") == true)
        #expect(refusal([OwnStrategy(Idle(), name: "growing", summary: "")])?.option == "--strategy growing")
        #expect(refusal([OwnStrategy(Idle(), name: "My Loop", summary: "")])?.description.contains("lowercase letters, digits and hyphens") == true)
        #expect(refusal([OwnStrategy(Idle(), name: "twice", summary: ""), OwnStrategy(Idle(), name: "twice", summary: "")]) != nil)
        let thrower = refusal([OwnStrategy(Idle(), name: "thrower", summary: "", takes: [.errorsThrow])])
        #expect(thrower?.option == "--errors throw")
        #expect(thrower?.description.contains("takes --catalogue or --spacing") == true)
        #expect(ScanStrategy.allCases == before)
    }

    @Test("A run names a strategy this build has, and an own strategy takes only what it declares")
    func runs() {
        var run = RunConfiguration(total: 20, batch: 4, seed: 3, strategy: .own("nowhere"))
        #expect(run.problem?.description.hasPrefix("this build of Sky has no strategy named nowhere") == true)
        run.strategy = StrategiesUnderTest.growing
        #expect(run.problem == nil)
        run.take = 3
        #expect(run.problem?.description.hasPrefix("--take is counted by the loops Sky builds in: use it with --strategy serial") == true)
    }
}
