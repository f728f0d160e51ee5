/**
 * The annotations that declare an agent state machine.
 *
 * <p>A machine is an abstract base type annotated with {@link dev.agentfsm.annotations.StateMachine},
 * and one class per state annotated with {@link dev.agentfsm.annotations.State}. Each state lists
 * where it may go with {@link dev.agentfsm.annotations.Transition}; states in which the machine's
 * work is over carry {@link dev.agentfsm.annotations.Terminal}. The {@code agent-fsm} annotation
 * processor reads these declarations, rejects illegal machines at compile time and generates the
 * state manager, status enum, transition table and typed transition helpers.
 *
 * <p>All annotations are retained in class files ({@link java.lang.annotation.RetentionPolicy#CLASS}),
 * so machines can span compilations: a state compiled earlier can still be the target of a hand-off.
 */
package dev.agentfsm.annotations;
