// A stand-in for SwiftUI, for the compiler only: scripts/check-apple-adapters type-checks the
// SwiftUI glue under Sources (every file inside `#if canImport(SwiftUI)`) against it on Linux.
// It declares exactly the SwiftUI API that glue calls, with Apple's signatures (iOS 18 SDK):
// a @MainActor View protocol with a @ViewBuilder body, the view builder's conditional and
// optional content, Binding's closure initializer, NavigationStack(path:root:), and the
// navigationDestination, sheet, fullScreenCover and onAppear modifiers. Behaviour is never
// tested through it: that is NavigationStackRouter's job.

@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

public struct EmptyView: View {
  nonisolated public init() {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

public struct ModifiedContent<Content, Modifier> {}
extension ModifiedContent: View where Content: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
}

@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) { fatalError() }
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
    fatalError()
  }
}

public struct NavigationStack<Data, Root: View>: View {
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  { fatalError() }
  public typealias Body = Never
  public var body: Never { fatalError() }
}

public struct _ViewModifier_Content {}

extension View {
  nonisolated public func navigationDestination<D, C>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View { ModifiedContent<Self, _ViewModifier_Content>() }

  nonisolated public func sheet<Content>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View where Content: View { ModifiedContent<Self, _ViewModifier_Content>() }

  @available(iOS 14.0, tvOS 14.0, watchOS 7.0, *)
  @available(macOS, unavailable)
  nonisolated public func fullScreenCover<Content>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
  ) -> some View where Content: View { ModifiedContent<Self, _ViewModifier_Content>() }

  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    ModifiedContent<Self, _ViewModifier_Content>()
  }
}
