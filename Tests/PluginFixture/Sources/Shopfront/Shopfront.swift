/// A stand-in for an app's own code: the fixture package only needs a target of its own.
public enum Shopfront {}
