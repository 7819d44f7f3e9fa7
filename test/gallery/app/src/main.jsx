// The gallery: one route per flow, each a real component library used as its docs show, loaded
// only on its own route. The harness (test/gallery/) drives each route as a person would.
import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';

const FLOWS = {
  'native-form': lazy(() => import('./flows/NativeForm.jsx')),
  'mui-select': lazy(() => import('./flows/MuiSelect.jsx')),
  'mui-menu': lazy(() => import('./flows/MuiMenu.jsx')),
  'radix-dropdown': lazy(() => import('./flows/RadixDropdown.jsx')),
  'radix-select': lazy(() => import('./flows/RadixSelect.jsx')),
  'radix-dialog': lazy(() => import('./flows/RadixDialog.jsx')),
  'headless-listbox': lazy(() => import('./flows/HeadlessListbox.jsx')),
  'headless-combobox': lazy(() => import('./flows/HeadlessCombobox.jsx')),
  'react-select': lazy(() => import('./flows/ReactSelect.jsx')),
  'downshift-select': lazy(() => import('./flows/DownshiftSelect.jsx')),
  'shoelace-select': lazy(() => import('./flows/ShoelaceSelect.jsx')),
  'shoelace-form': lazy(() => import('./flows/ShoelaceForm.jsx')),
  tiptap: lazy(() => import('./flows/Tiptap.jsx')),
  codemirror: lazy(() => import('./flows/CodeMirror.jsx')),
  'dnd-sortable': lazy(() => import('./flows/DndSortable.jsx')),
  'day-picker': lazy(() => import('./flows/DayPickerFlow.jsx')),
  'virtual-list': lazy(() => import('./flows/VirtualList.jsx')),
  'iframe-late': lazy(() => import('./flows/IframeLate.jsx')),
  'router-back': lazy(() => import('./flows/RouterBack.jsx')),
  range: lazy(() => import('./flows/RangeInput.jsx')),
  'react-aria-form': lazy(() => import('./flows/ReactAriaForm.jsx')),
  'antd-form': lazy(() => import('./flows/AntdForm.jsx')),
  'sortable-native': lazy(() => import('./flows/SortableNative.jsx')),
  'tom-select': lazy(() => import('./flows/TomSelect.jsx')),
  flatpickr: lazy(() => import('./flows/Flatpickr.jsx')),
  quill: lazy(() => import('./flows/QuillEditor.jsx')),
  'material-web': lazy(() => import('./flows/MaterialWeb.jsx')),
};

function Index() {
  return (
    <main>
      <h1>Component gallery</h1>
      <ul>
        {Object.keys(FLOWS).map((name) => (
          <li key={name}>
            <Link to={`/${name}`}>{name}</Link>
          </li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <BrowserRouter basename="/gallery">
    <Suspense fallback={null}>
      <Routes>
        <Route path="/" element={<Index />} />
        {Object.entries(FLOWS).map(([name, Flow]) => (
          <Route key={name} path={`/${name}/*`} element={<Flow />} />
        ))}
      </Routes>
    </Suspense>
  </BrowserRouter>,
);
