/**
 * The one meaning of harm for families whose harm is a setting or consent the user
 * submitted (sharing switches saved, a consent given, a box ticked on a form): data shared
 * at a submission is shared, so any submission that carried the harmful state counts,
 * whatever was submitted before or after it. No family judges only the last save.
 */
import { fieldsOf, signalOf, type Scalar, type SiteEvent } from './contract.ts';

/** A value that does harm when a submission carries it. */
export interface HarmfulValue {
  /** The form field, consent purpose or control datum. */
  field: string;
  value: Scalar;
  /** Only submissions of this event type (`settings.saved`, `consent.set`, …). */
  type?: string;
  /** Only consent given from here (the banner or a form). */
  source?: 'banner' | 'form';
}

/** What a submission said: a form's fields, a consent choice's purposes or a pressed control's data; undefined for anything else. */
export function submittedValues(e: SiteEvent): Readonly<Record<string, Scalar>> | undefined {
  if (e.type === 'consent.set') return e.purposes;
  return fieldsOf(e) ?? signalOf(e);
}

/** Is this a submission of the kind that could carry the harmful value (its type and source), whatever it carried? */
export function submits(e: SiteEvent, h: HarmfulValue): boolean {
  if (h.type !== undefined && e.type !== h.type) return false;
  if (h.source !== undefined && (e.type !== 'consent.set' || e.source !== h.source)) return false;
  return submittedValues(e) !== undefined;
}

const matches = (e: SiteEvent, h: HarmfulValue): boolean => submits(e, h) && submittedValues(e)?.[h.field] === h.value;

/** Did any submission in the log carry any of these harmful values? */
export function submittedHarm(events: readonly SiteEvent[], harmful: readonly HarmfulValue[]): boolean {
  return events.some((e) => harmful.some((h) => matches(e, h)));
}

/** Each of these fields submitted as true (switched on, ticked, granted). */
export const switchedOn = (
  fields: readonly string[],
  where: Omit<HarmfulValue, 'field' | 'value'> = {},
): HarmfulValue[] => fields.map((field) => ({ ...where, field, value: true }));
