package example;

/** The user's own class, named as the processor names the machine's status enum. */
public final class DoorStatus {}
