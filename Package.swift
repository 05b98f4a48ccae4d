// swift-tools-version: 6.0
// FlowAtlas: record → model → render → site.
// One target per pipeline stage; see ../shared/style.md for what each may import.
import PackageDescription

// Debian's libcmark-gfm.pc says `-L/usr/lib/x86_64-linux-gnu`, which SwiftPM passes on as it
// is: ahead of another Graphviz's `-L` (../shared/graphviz-14), it would link Debian's libgvc
// under that Graphviz's headers. Its headers and libraries are on the default paths there, so
// Linux needs no pkg-config for it; Homebrew's (not on the default paths) does.
// The same holds for libspng's and TurboJPEG's (the image decoders: a test build under Graphviz 14
// linked Debian's libgvc through their `-L`, and crashed).
#if os(Linux)
  let cmarkPkgConfig: String? = nil
  let spngPkgConfig: String? = nil
  let turboJPEGPkgConfig: String? = nil
#else
  let cmarkPkgConfig: String? = "libcmark-gfm"
  let spngPkgConfig: String? = "spng"
  let turboJPEGPkgConfig: String? = "libturbojpeg"
#endif

// The model of UIKit answers to `import UIKit` in the targets compiled against it (only those:
// an app's build never sees a module of that name).
let onUIKitModel: [SwiftSetting] = [.unsafeFlags(["-module-alias", "UIKit=UIKitModel"])]

let package = Package(
  name: "FlowAtlas",
  // iOS 16 and macOS 14: what apps that record their navigation still support (README, "Which
  // OS each feature needs"); what needs a newer OS says so with @available.
  platforms: [.macOS(.v14), .iOS(.v16)],
  // What an app and its tests link; the tool's own stages are `package` access, behind `flowatlas`.
  products: [
    .library(name: "FlowAtlasPattern", targets: ["FlowAtlasPattern"]),
    .library(name: "FlowAtlasTrace", targets: ["FlowAtlasTrace"]),
    .library(name: "FlowAtlasRecording", targets: ["FlowAtlasRecording"]),
    .library(name: "FlowAtlasJourneys", targets: ["FlowAtlasJourneys"]),
    .library(name: "FlowAtlasUITesting", targets: ["FlowAtlasUITesting"]),
    .executable(name: "flowatlas", targets: ["flowatlas"]),
    .executable(name: "flowatlas-bench", targets: ["flowatlas-bench"]),
    .plugin(name: "GenerateNavigationDocs", targets: ["GenerateNavigationDocs"]),
  ],
  targets: [
    // 0. The Coordinator pattern itself: protocols, lifecycle, headless stacks, UIKit adapters.
    .target(name: "FlowAtlasPattern"),
    // 1. Record: the trace format (the only contract), then instrumentation writing it.
    // Byte-level tricks our own targets share (word-at-a-time scans, UTF-8, JSON strings,
    // hashes); `package` access, no product: no app sees it.
    .target(name: "FlowAtlasBytes"),
    // One lock for every target, on every OS an app supports (Synchronization needs iOS 18).
    .target(name: "FlowAtlasLock"),
    // The format and its writer: all of it an app links.
    .target(name: "FlowAtlasTrace", dependencies: ["FlowAtlasBytes", "FlowAtlasLock"]),
    .target(
      name: "FlowAtlasRecording",
      dependencies: ["FlowAtlasPattern", "FlowAtlasTrace", "FlowAtlasLock", "FlowAtlasBytes"]),
    // For journeys and tests only: scripted runs, and what a person does on headless routers.
    .target(
      name: "FlowAtlasJourneys",
      dependencies: ["FlowAtlasPattern", "FlowAtlasRecording", "FlowAtlasTrace", "FlowAtlasBytes"]),
    // For a UI test target: launch the app recording, attach its trace (XCTest UI testing only).
    .target(name: "FlowAtlasUITesting", dependencies: ["FlowAtlasRecording"]),
    // 2. Read: a trace checked line by line against the spec, with a diagnostic for each problem.
    .target(name: "FlowAtlasTraceReader", dependencies: ["FlowAtlasTrace", "FlowAtlasBytes"]),
    // 3. Model: traces replayed into hierarchy, transitions, flows, journeys, diagnostics.
    .target(
      name: "FlowAtlasModel",
      dependencies: ["FlowAtlasTrace", "FlowAtlasTraceReader", "FlowAtlasBytes", "FlowAtlasLock"]),
    // 3b. Build planning: every cache between builds, every key, and what a rebuild may keep
    // (its record of inputs, replayed traces, pages, diagrams) and what is damaged. The model
    // only asks it for replays; the site asks what it may keep and puts it in place.
    .target(
      name: "FlowAtlasBuild",
      dependencies: [
        "FlowAtlasModel", "FlowAtlasTraceReader", "FlowAtlasTrace", "FlowAtlasBytes", "FlowAtlasLock",
      ]),
    // 3c. Screenshots: each screen.image file opened and checked by libspng (PNG) or libjpeg-turbo
    // (JPEG), never by hand. Not libvips: Debian's brings 98 more libraries, which every process
    // of a build would load at its start (24 ms each, and 18 MB), pictures or not.
    .systemLibrary(
      name: "CSpng", pkgConfig: spngPkgConfig, providers: [.apt(["libspng-dev"]), .brew(["libspng"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: turboJPEGPkgConfig,
      providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
    .target(
      name: "FlowAtlasImages",
      dependencies: [
        "FlowAtlasModel", "FlowAtlasTraceReader", "FlowAtlasBytes", "FlowAtlasLock", "CSpng", "CTurboJPEG",
      ]),
    // 4. Render: DOT, Graphviz layout in-process, SVG/PNG/PDF, Mermaid.
    .systemLibrary(
      name: "CGraphviz", pkgConfig: "libgvc",
      providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]),
    .target(
      name: "FlowAtlasRender",
      dependencies: ["FlowAtlasModel", "FlowAtlasBytes", "FlowAtlasLock", "CGraphviz"]),
    // 5. Site: static HTML explaining every flow.
    .systemLibrary(
      name: "CMarkGFM", pkgConfig: cmarkPkgConfig,
      providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]),
    .target(
      name: "FlowAtlasSite",
      dependencies: [
        "FlowAtlasModel", "FlowAtlasBuild", "FlowAtlasTrace", "FlowAtlasTraceReader", "FlowAtlasBytes",
        "FlowAtlasLock",
        "CMarkGFM",
      ],
      // The site's stylesheet and scripts, real files that CI lints (scripts/lint-site-assets),
      // compiled into the binary as bytes: a site never depends on where the tool is installed.
      resources: [
        .embedInCode("Assets/site.css"), .embedInCode("Assets/dark_palette.css"),
        .embedInCode("Assets/diagram.css"), .embedInCode("Assets/theme.js"), .embedInCode("Assets/site.js"),
        // Written only by `flowatlas preview`, while it runs (SitePreview).
        .embedInCode("Assets/preview.js"),
      ]),
    // 5b. DocC: the same explanation as a documentation catalog, beside a module's API docs.
    .target(
      name: "FlowAtlasDocC",
      dependencies: [
        "FlowAtlasModel", "FlowAtlasTrace", "FlowAtlasTraceReader", "FlowAtlasBytes", "FlowAtlasLock",
        "FlowAtlasSite",
      ]),
    // 6. Command line: argument parsing and exit codes, tested in-process.
    .target(
      name: "FlowAtlasCLI",
      dependencies: [
        "FlowAtlasBytes", "FlowAtlasLock", "FlowAtlasTrace", "FlowAtlasModel", "FlowAtlasBuild",
        "FlowAtlasImages", "FlowAtlasRender", "FlowAtlasSite", "FlowAtlasDocC",
      ]),
    // The tool. `flowatlas` with no subcommand builds and starts flowatlas-examples (below); it
    // does not depend on it, so no demo app is linked into the tool.
    .executableTarget(name: "flowatlas", dependencies: ["FlowAtlasCLI"]),
    // `swift package generate-navigation-docs`: the site from a package's traces.
    .plugin(
      name: "GenerateNavigationDocs",
      capability: .command(
        intent: .custom(
          verb: "generate-navigation-docs",
          description: "Build the FlowAtlas navigation site from recorded traces"),
        permissions: [
          .writeToPackageDirectory(
            reason:
              "FlowAtlas writes the navigation site (HTML and SVG pages) into the folder given with --output")
        ]),
      dependencies: ["flowatlas"]),
    .executableTarget(
      name: "flowatlas-bench",
      dependencies: [
        "FlowAtlasBuild",
        "FlowAtlasJourneys",
        "FlowAtlasBytes", "FlowAtlasLock", "FlowAtlasPattern", "FlowAtlasTrace", "FlowAtlasTraceReader",
        "FlowAtlasRecording",
        "FlowAtlasModel", "FlowAtlasRender", "FlowAtlasSite", "FlowAtlasCLI", "FlowAtlasImages",
      ]),

    // Bundled examples: real coordinator code driven by scripted journeys, and the runner that
    // records them and builds their site (`flowatlas` with no subcommand runs it).
    .executableTarget(
      name: "flowatlas-examples",
      dependencies: [
        "FlowAtlasBuild",
        "FlowAtlasJourneys",
        "FlowAtlasCLI", "FlowAtlasImages", "FlowAtlasModel", "FlowAtlasRecording", "FlowAtlasRender",
        "FlowAtlasTrace", "ShopExample", "AccountsExample", "TicketsExample", "RecipesExample",
        "PurchaseExample",
        "InventoryExample",
      ],
      path: "examples/Runner"),
    .target(
      name: "ShopExample", dependencies: ["FlowAtlasJourneys", "FlowAtlasPattern", "FlowAtlasRecording"],
      path: "examples/Shop/Sources"),
    .target(
      name: "AccountsExample", dependencies: ["FlowAtlasJourneys", "FlowAtlasPattern", "FlowAtlasRecording"],
      path: "examples/Accounts/Sources"),
    // Recipes: SwiftUI-style, coordinators over NavigationStackRouter.
    .target(
      name: "RecipesExample", dependencies: ["FlowAtlasJourneys", "FlowAtlasPattern", "FlowAtlasRecording"],
      path: "examples/Recipes/Sources"),
    // Tickets: coordinators of the team's own, before (no FlowAtlas) and after adopting it;
    // the screens, domain and router both builds share are in TicketsKit.
    // The seed's purchase flow as written: plain coordinators driving UINavigationController, on
    // the model of UIKit.
    .target(
      name: "PurchaseExample",
      dependencies: ["FlowAtlasJourneys", "UIKitModel", "FlowAtlasUIKitOnModel", "FlowAtlasRecording"],
      path: "examples/Purchase/Sources", swiftSettings: onUIKitModel),
    // Inventory: an app built as the classic coordinator sample builds one (a Router of its own over
    // UINavigationController, factories, a storyboard's tab bar of navigation controllers, a flow
    // presented in its own navigation controller, the window's root replaced, deep links through
    // start(with:)), in Swift 5 as such apps are, on the model of UIKit.
    .target(
      name: "InventoryExample",
      dependencies: ["FlowAtlasJourneys", "UIKitModel", "FlowAtlasUIKitOnModel", "FlowAtlasRecording"],
      path: "examples/Inventory/Sources", swiftSettings: onUIKitModel + [.swiftLanguageMode(.v5)]),
    .target(
      name: "TicketsKit", dependencies: ["FlowAtlasJourneys", "FlowAtlasPattern"],
      path: "examples/Tickets/Kit"),
    .target(
      name: "TicketsBefore", dependencies: ["FlowAtlasPattern", "TicketsKit"], path: "examples/Tickets/Before"
    ),
    .target(
      name: "TicketsExample",
      dependencies: ["FlowAtlasJourneys", "FlowAtlasPattern", "FlowAtlasRecording", "TicketsKit"],
      path: "examples/Tickets/Sources"),

    // A model of UIKit's behaviour, for the tests and the examples and never for an app. The targets
    // that use it compile with `-module-alias UIKit=UIKitModel`, so that files written against UIKit
    // (the shipped adapters, linked into Tests/UIKitAdapters) compile against it unchanged and run.
    .target(
      name: "UIKitModel", dependencies: ["ObjectiveCModel", "FlowAtlasRecording", "FlowAtlasBytes"],
      path: "Tests/UIKitModel",
      exclude: ["ObjectiveC"]
    ),
    // The Objective-C runtime's part of the model (NSObject, Selector, forwarding), a module of
    // its own as Apple's is, so that the model's NSObject wins over Foundation's in a file that
    // imports both (see Tests/UIKitModel/ObjectiveC/ObjectiveC.swift).
    .target(name: "ObjectiveCModel", path: "Tests/UIKitModel/ObjectiveC"),
    .target(
      name: "FlowAtlasUIKitOnModel", dependencies: ["UIKitModel", "FlowAtlasPattern", "FlowAtlasRecording"],
      path: "Tests/UIKitAdapters", swiftSettings: onUIKitModel),
    // App code in Swift 5 language mode (coordinators that are not isolated, NSObject delegates),
    // compiled against the model: it compiles as it does against UIKit's @preconcurrency API.
    .target(
      name: "UIKitModelSwift5Fixture", dependencies: ["UIKitModel"], path: "Tests/UIKitModelSwift5Fixture",
      swiftSettings: onUIKitModel + [.swiftLanguageMode(.v5)]),
    .testTarget(
      name: "UIKitAdapterTests",
      dependencies: [
        "FlowAtlasUIKitOnModel", "UIKitModel", "FlowAtlasPattern", "FlowAtlasRecording", "FlowAtlasTrace",
        "FlowAtlasTraceReader", "FlowAtlasModel", "UIKitModelSwift5Fixture",
      ],
      swiftSettings: onUIKitModel),

    // What the tests share: golden files, a seeded random source, the examples' spy router, a small
    // shop's flows, test images, a folder of a test's own and the process's scratch folder.
    .target(
      name: "FlowAtlasTestSupport",
      dependencies: [
        "FlowAtlasPattern", "FlowAtlasRecording", "FlowAtlasTrace", "CTurboJPEG", "FlowAtlasBytes",
      ],
      path: "Tests/FlowAtlasTestSupport"),
    .testTarget(name: "FlowAtlasPatternTests", dependencies: ["FlowAtlasPattern"]),
    .testTarget(name: "FlowAtlasLockTests", dependencies: ["FlowAtlasLock"]),
    .testTarget(name: "FlowAtlasBytesTests", dependencies: ["FlowAtlasBytes", "FlowAtlasTestSupport"]),
    .testTarget(
      name: "FlowAtlasTraceTests",
      dependencies: ["FlowAtlasLock", "FlowAtlasTrace", "FlowAtlasTraceReader", "FlowAtlasTestSupport"]),
    .testTarget(
      name: "FlowAtlasTraceReaderTests",
      dependencies: ["FlowAtlasTraceReader", "FlowAtlasTrace", "FlowAtlasBytes", "FlowAtlasTestSupport"]),
    .testTarget(
      name: "FlowAtlasRecordingTests",
      dependencies: [
        "FlowAtlasJourneys", "FlowAtlasRecording", "FlowAtlasPattern", "FlowAtlasTrace",
        "FlowAtlasTraceReader", "FlowAtlasBytes", "FlowAtlasTestSupport",
      ]),
    .testTarget(
      name: "FlowAtlasJourneysTests",
      dependencies: [
        "FlowAtlasJourneys", "FlowAtlasRecording", "FlowAtlasPattern", "FlowAtlasTrace",
        "FlowAtlasTraceReader", "FlowAtlasTestSupport",
      ]),
    .testTarget(
      name: "FlowAtlasModelTests",
      dependencies: [
        "FlowAtlasBuild",
        "FlowAtlasLock", "FlowAtlasModel", "FlowAtlasTrace", "FlowAtlasTraceReader", "FlowAtlasBytes",
        "FlowAtlasTestSupport",
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "FlowAtlasBuildTests",
      dependencies: [
        "FlowAtlasBuild", "FlowAtlasModel", "FlowAtlasTrace", "FlowAtlasTraceReader", "FlowAtlasBytes",
        "FlowAtlasLock", "FlowAtlasTestSupport",
      ]),
    .testTarget(
      name: "FlowAtlasImagesTests",
      dependencies: [
        "FlowAtlasImages", "FlowAtlasModel", "FlowAtlasTraceReader", "FlowAtlasTestSupport", "FlowAtlasBytes",
      ]),
    .testTarget(
      name: "FlowAtlasRenderTests",
      dependencies: ["FlowAtlasLock", "FlowAtlasRender", "FlowAtlasModel", "FlowAtlasTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "FlowAtlasDocCTests",
      dependencies: [
        "FlowAtlasBuild",
        "FlowAtlasDocC", "FlowAtlasSite", "FlowAtlasModel", "FlowAtlasTrace", "FlowAtlasTraceReader",
      ]),
    .testTarget(
      name: "FlowAtlasSiteTests",
      dependencies: [
        "FlowAtlasBuild",
        "FlowAtlasLock", "FlowAtlasSite", "FlowAtlasModel", "FlowAtlasTrace", "FlowAtlasTraceReader",
        "FlowAtlasBytes", "FlowAtlasTestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "FlowAtlasCLITests",
      dependencies: [
        "FlowAtlasBuild",
        "FlowAtlasLock", "FlowAtlasCLI", "FlowAtlasModel", "FlowAtlasRender", "FlowAtlasBytes",
        "FlowAtlasImages",
        "FlowAtlasTestSupport",
      ],
      exclude: ["Golden"]),
    .testTarget(
      name: "ShopExampleTests",
      dependencies: [
        "FlowAtlasJourneys",
        "ShopExample", "FlowAtlasPattern", "FlowAtlasRecording", "FlowAtlasTrace", "FlowAtlasTraceReader",
        "FlowAtlasTestSupport",
      ],
      path: "examples/Shop/Tests"),
    .testTarget(
      name: "AccountsExampleTests",
      dependencies: [
        "FlowAtlasJourneys",
        "AccountsExample", "FlowAtlasPattern", "FlowAtlasRecording", "FlowAtlasTrace", "FlowAtlasTraceReader",
        "FlowAtlasTestSupport",
      ],
      path: "examples/Accounts/Tests"),
    .testTarget(
      name: "RecipesExampleTests",
      dependencies: [
        "FlowAtlasJourneys",
        "RecipesExample", "FlowAtlasPattern", "FlowAtlasRecording", "FlowAtlasTrace", "FlowAtlasModel",
      ],
      path: "examples/Recipes/Tests"),
    .testTarget(
      name: "PurchaseExampleTests",
      dependencies: [
        "FlowAtlasJourneys", "PurchaseExample", "FlowAtlasRecording", "FlowAtlasTrace", "FlowAtlasModel",
      ],
      path: "examples/Purchase/Tests"),
    .testTarget(
      name: "InventoryExampleTests",
      dependencies: [
        "FlowAtlasJourneys", "InventoryExample", "FlowAtlasRecording", "FlowAtlasTrace", "FlowAtlasModel",
      ],
      path: "examples/Inventory/Tests"),
    .testTarget(
      name: "TicketsExampleTests",
      dependencies: [
        "FlowAtlasJourneys",
        "TicketsExample", "TicketsBefore", "TicketsKit", "FlowAtlasRecording", "FlowAtlasTrace",
        "FlowAtlasModel",
      ],
      path: "examples/Tickets/Tests"),
  ],
  swiftLanguageModes: [.v6]
)
