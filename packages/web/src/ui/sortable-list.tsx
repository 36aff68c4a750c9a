import { HolderOutlined } from '@ant-design/icons';
import type { DragEndEvent } from '@dnd-kit/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from 'antd';
import type { Key, ReactNode } from 'react';

interface SortableListProps<T> {
  items: readonly T[];
  keyOf: (item: T) => Key;
  /** Called once an item is dropped at a new place. */
  onMove: (from: number, to: number) => void;
  /** One row; `handle` is the drag handle to place in it (also moves with the keyboard: space, arrows, space). */
  renderItem: (item: T, handle: ReactNode, index: number) => ReactNode;
  disabled?: boolean;
}

/** A vertical list reordered by dragging each row's handle (dnd-kit). */
export function SortableList<T>({ items, keyOf, onMove, renderItem, disabled = false }: SortableListProps<T>) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = items.map((item) => String(keyOf(item)));
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        {items.map((item, index) => (
          <SortableRow key={ids[index]} id={ids[index]!} index={index} disabled={disabled}>
            {(handle) => renderItem(item, handle, index)}
          </SortableRow>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, index, disabled, children }: { id: string; index: number; disabled: boolean; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const handle = (
    <Button
      ref={setActivatorNodeRef}
      type="text"
      icon={<HolderOutlined />}
      aria-label={`Move row ${index + 1}`}
      disabled={disabled}
      style={{ cursor: disabled ? 'not-allowed' : 'grab' }}
      {...attributes}
      {...listeners}
    />
  );
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1, position: 'relative', zIndex: isDragging ? 1 : 0 }}>
      {children(handle)}
    </div>
  );
}
