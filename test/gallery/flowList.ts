import type { Flow } from './flow.js';
import { antdForm } from './flows/antdForm.js';
import { codeMirror } from './flows/codeMirror.js';
import { dayPicker } from './flows/dayPicker.js';
import { dndSortable } from './flows/dndSortable.js';
import { flatpickrFlow } from './flows/flatpickrFlow.js';
import { downshiftSelect } from './flows/downshiftSelect.js';
import { headlessCombobox } from './flows/headlessCombobox.js';
import { headlessListbox } from './flows/headlessListbox.js';
import { iframeLate } from './flows/iframeLate.js';
import { materialWeb } from './flows/materialWeb.js';
import { muiMenu } from './flows/muiMenu.js';
import { muiSelect } from './flows/muiSelect.js';
import { nativeForm } from './flows/nativeForm.js';
import { quillEditor } from './flows/quillEditor.js';
import { radixDialog } from './flows/radixDialog.js';
import { radixDropdown } from './flows/radixDropdown.js';
import { radixSelect } from './flows/radixSelect.js';
import { rangeInput } from './flows/rangeInput.js';
import { reactAriaForm } from './flows/reactAriaForm.js';
import { reactSelect } from './flows/reactSelect.js';
import { routerBack } from './flows/routerBack.js';
import { shoelaceForm } from './flows/shoelaceForm.js';
import { shoelaceSelect } from './flows/shoelaceSelect.js';
import { sortableNative } from './flows/sortableNative.js';
import { tiptap } from './flows/tiptap.js';
import { tomSelect } from './flows/tomSelect.js';
import { virtualList } from './flows/virtualList.js';

/** Every flow of the gallery, in the order the reports list them. */
export const FLOWS: readonly Flow[] = [
  nativeForm,
  muiSelect,
  muiMenu,
  radixDropdown,
  radixSelect,
  radixDialog,
  headlessListbox,
  headlessCombobox,
  reactSelect,
  downshiftSelect,
  shoelaceSelect,
  shoelaceForm,
  tiptap,
  codeMirror,
  dndSortable,
  dayPicker,
  virtualList,
  iframeLate,
  routerBack,
  rangeInput,
  reactAriaForm,
  antdForm,
  sortableNative,
  tomSelect,
  flatpickrFlow,
  quillEditor,
  materialWeb,
];

/** The flow named `name`. */
export function flowNamed(name: string): Flow {
  const flow = FLOWS.find((candidate) => candidate.name === name);
  if (flow === undefined) throw new Error(`no gallery flow ${name}`);
  return flow;
}
