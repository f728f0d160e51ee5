package dev.agentfsm.processor.write;

import dev.agentfsm.processor.model.MachineModel;
import dev.agentfsm.processor.model.Names;
import dev.agentfsm.processor.model.NextMethod;
import dev.agentfsm.processor.model.StateModel;
import dev.agentfsm.processor.model.StateRef;
import dev.agentfsm.processor.model.TransitionModel;
import dev.agentfsm.processor.model.TypeRef;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import javax.lang.model.SourceVersion;

/**
 * The part of a machine with errors that its generated Java types can still express, so that the
 * user's code that names them ({@code DoorStatus}, {@code DoorStateManager}, a state's
 * {@code DoorMoves.Open}) compiles and the compiler adds no {@code cannot find symbol} to the
 * processor's error. The compilation fails anyway; these types are never run.
 *
 * <p>It is what the Java writers need, not what the rules require (that is the validator's job):
 * the status enum, table and manager hold the states whose name is a Java identifier, not taken by
 * an earlier state, and whose class the manager can create with {@code new}; every other state keeps
 * only its helper, if its class is visible from the machine's package, and that helper's methods
 * throw: it has no constant to move from. A helper keeps the moves to held statuses and the hand-offs
 * to statuses that exist in the other machine's generated enum, one per method name. A {@code next}
 * method the dispatch can't call is left out, and so are a fallback or onError that is not held.
 * When the machine's name is not a Java identifier, its base type is no {@code AgentState<A>} of a
 * concrete {@code A}, or its initial state is not held, nothing can stand in for it.
 *
 * @param machine the machine reduced to the held states and their writable moves
 * @param helperOnly the states not held that get their {@code <Machine>Moves.<StateClass>} helper, whose methods throw
 */
public record WritableSubset(MachineModel machine, List<StateModel> helperOnly) {

    public WritableSubset {
        helperOnly = List.copyOf(helperOnly);
    }

    /**
     * The writable part of {@code machine}.
     *
     * @param hasConstant whether the status of a state of another machine, which this one hands off
     *     to, is a constant of that machine's generated enum
     * @return empty when no generated type could stand for the machine
     */
    public static Optional<WritableSubset> of(MachineModel machine, Predicate<StateRef> hasConstant) {
        if (!SourceVersion.isName(machine.name()) || !Names.fileNamesFit(machine) || !machine.implementsAgentState()) {
            return Optional.empty();
        }
        Set<String> statuses = new HashSet<>();
        List<StateModel> held = new ArrayList<>();
        List<StateModel> helperOnly = new ArrayList<>();
        Map<TypeRef, TypeRef> helpers = Names.movesTypes(machine.ref(), machine.states());
        Set<TypeRef> helperNames = new HashSet<>();
        for (StateModel state : machine.states()) {
            // a state whose helper's name an earlier one has is not held: the manager would dispatch to the wrong
            // helper
            boolean ownHelper = helperNames.add(helpers.get(state.type()));
            boolean holdable =
                    SourceVersion.isName(state.status()) && state.shape().isCreatable() && ownHelper;
            if (holdable && statuses.add(state.status())) {
                held.add(state);
            } else if (state.shape().isAccessibleFromMachinePackage()) {
                // a helper names its state (in its Javadoc), so the state must be visible from the package
                helperOnly.add(state);
            }
        }
        Predicate<StateRef> isHeld = ref -> ref.belongsTo(machine.ref())
                && held.stream().anyMatch(s -> s.type().equals(ref.type()));
        if (!isHeld.test(machine.initial())) {
            return Optional.empty();
        }
        Predicate<TransitionModel> writable = t -> t.target().belongsTo(machine.ref())
                ? t.target().status().filter(statuses::contains).isPresent()
                : t.isHandOff(machine.ref()) && hasConstant.test(t.target());
        MachineModel reduced = new MachineModel(
                machine.ref(),
                machine.description(),
                true,
                machine.initial(),
                machine.fallback().filter(isHeld),
                machine.onError().filter(isHeld),
                held.stream().map(s -> writableState(machine, s, writable)).toList(),
                machine.origin(),
                machine.nameOrigin(),
                machine.surroundings());
        return Optional.of(new WritableSubset(
                reduced,
                helperOnly.stream()
                        .map(s -> writableState(machine, s, writable))
                        .toList()));
    }

    private static StateModel writableState(
            MachineModel machine, StateModel state, Predicate<TransitionModel> writable) {
        Set<String> methods = new HashSet<>();
        List<TransitionModel> transitions = state.transitions().stream()
                .filter(writable)
                .filter(t -> !Names.isObjectMethod(Names.transitionMethod(machine.ref(), t.target())))
                .filter(t -> methods.add(Names.transitionMethod(machine.ref(), t.target())))
                .toList();
        return new StateModel(
                state.status(),
                state.type(),
                state.description(),
                state.terminal(),
                state.endsRound(),
                state.endsSubtask(),
                transitions,
                state.nextMethod().filter(NextMethod::isCallable),
                state.shape(),
                state.mutableFields(),
                state.origin(),
                state.statusOrigin(),
                state.terminalOrigin(),
                // neither is needed for the user's code to compile, and either could name a state not held
                Optional.empty(),
                Optional.empty());
    }
}
