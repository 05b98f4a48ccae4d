#if canImport(SwiftUI)
  import SwiftUI

  /// Shows a ``NavigationStackRouter`` in SwiftUI: its bottom stack in a
  /// `NavigationStack(path:)`, each modal layer in a `.sheet` or `.fullScreenCover` holding a
  /// `NavigationStack` of its own. What SwiftUI writes back (a shorter path, a sheet dragged
  /// down) goes to the router's `write` methods, which report it as system navigation.
  ///
  /// ```swift
  /// NavigationStackHost(router: router) { screen in
  ///   RecipesScreenView(screen: screen)   // the view for one of your screen objects
  /// }
  /// ```
  ///
  /// Thin on purpose: Linux cannot run it, so every decision is the router's, tested there.
  /// Needs what ``NavigationStackRouter`` needs (Observation: iOS 17, macOS 14).
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  public struct NavigationStackHost<Screen: View>: View {
    private let router: NavigationStackRouter
    private let screen: (any Presentable) -> Screen

    /// - Parameters:
    ///   - router: The router the app's coordinators navigate.
    ///   - screen: The view for one screen object the router shows.
    public init(router: NavigationStackRouter, @ViewBuilder screen: @escaping (any Presentable) -> Screen) {
      self.router = router
      self.screen = screen
    }

    public var body: some View {
      NavigationLayerView(router: router, layer: 0, screen: screen)
    }
  }

  /// One layer of the router: its stack, and the modal layer above it, if any.
  @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
  struct NavigationLayerView<Screen: View>: View {
    let router: NavigationStackRouter
    let layer: Int
    let screen: (any Presentable) -> Screen

    var body: some View {
      NavigationStack(path: path) {
        root.navigationDestination(for: NavigationRoute.self) { route in
          screen(route.screen).onAppear { router.didShow(route.screen) }
        }
      }
      .onAppear { router.didAppear(layer: layer) }
      #if os(macOS)
        // macOS has no full-screen cover (SwiftUI's `fullScreenCover` is unavailable there):
        // every modal layer is a sheet.
        .sheet(isPresented: presented([.sheet, .fullScreenCover])) {
          NavigationLayerView(router: router, layer: layer + 1, screen: screen)
        }
      #else
        .sheet(isPresented: presented([.sheet])) {
          NavigationLayerView(router: router, layer: layer + 1, screen: screen)
        }
        .fullScreenCover(isPresented: presented([.fullScreenCover])) {
          NavigationLayerView(router: router, layer: layer + 1, screen: screen)
        }
      #endif
    }

    @ViewBuilder private var root: some View {
      if layer < router.stacks.count, let root = router.stacks[layer].root {
        screen(root.screen).onAppear { router.didShow(root.screen) }
      }
    }

    private var path: Binding<[NavigationRoute]> {
      Binding(
        get: { layer < router.stacks.count ? router.stacks[layer].path : [] },
        set: { router.write(path: $0, toLayer: layer) })
    }

    /// Whether the layer above is shown, in one of `styles`.
    private func presented(_ styles: Set<ModalStyle>) -> Binding<Bool> {
      let above = layer + 1
      return Binding(
        get: { router.isPresented(layer: above) && router.stacks[above].style.map(styles.contains) == true },
        set: { router.write(isPresented: $0, layer: above) })
    }
  }
#endif
