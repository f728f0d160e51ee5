package dev.agentfsm.processor.model;

/**
 * What the reader found about a state class's form, for the {@code StateShape} rule: the state
 * manager must be able to create it with {@code new} from the machine's package.
 *
 * @param isGeneric whether the class declares type parameters: the manager's {@code new} would be a raw type
 * @param constructorThrowsChecked whether its no-arg constructor declares a checked exception, which the
 *     manager's {@code new} could not throw
 */
public record StateShape(
        boolean isClass,
        boolean isAbstract,
        boolean isNonStaticInner,
        boolean isPrivate,
        boolean isAccessibleFromMachinePackage,
        boolean hasAccessibleNoArgConstructor,
        boolean isGeneric,
        boolean constructorThrowsChecked) {

    /** A shape with nothing wrong, for models built in tests. */
    public static final StateShape OK = new StateShape(true, false, false, false, true, true, false, false);

    /**
     * Whether the state manager can create the state with {@code new} from the machine's package:
     * the {@code StateShape} rule holds (the validator tells which part of it fails).
     */
    public boolean isCreatable() {
        return isClass
                && !isAbstract
                && !isNonStaticInner
                && !isPrivate
                && isAccessibleFromMachinePackage
                && hasAccessibleNoArgConstructor
                && !isGeneric
                && !constructorThrowsChecked;
    }
}
