// What a card can do to its post: like (optimistic, then the server's numbers win), delete (owner)
// and remix (copy the attached bot file into the caller's workspace, then open it in the builder).
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { editCachedPost, feedListKey, type Post } from '../../lib/feed-cache';
import { errorMessage } from '../../lib/http-error';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { builderFileUrl } from '../../lib/workspace';

const flipLike = (post: Post): Post => ({
  ...post,
  isLiked: !post.isLiked,
  likesCount: Math.max(0, post.likesCount + (post.isLiked ? -1 : 1)),
});

export function useLikePost(post: Post) {
  const queryClient = useQueryClient();
  const like = trpc.feed.like.useMutation();

  const toggle = async () => {
    // One request per card at a time, and it names the wanted state (not "toggle"), so a card that
    // is stale (liked in another tab meanwhile) still ends where the person clicked it to be.
    if (like.isPending) return;
    const liked = !post.isLiked;
    editCachedPost(queryClient, post.id, flipLike);
    try {
      const result = await like.mutateAsync({ id: post.id, liked });
      editCachedPost(queryClient, post.id, (p) => ({ ...p, isLiked: result.liked, likesCount: result.likesCount }));
    } catch (err) {
      editCachedPost(queryClient, post.id, flipLike);
      notifyError('Failed to like post', errorMessage(err, 'Please try again.'));
    }
  };

  return { toggle, pending: like.isPending };
}

export function useDeletePost(post: Post) {
  const queryClient = useQueryClient();
  const remove = trpc.feed.delete.useMutation();

  const confirm = async (): Promise<boolean> => {
    try {
      await remove.mutateAsync({ id: post.id });
      notifySuccess('Bot post deleted successfully!', post.title);
      editCachedPost(queryClient, post.id, () => null);
      // Cursors of later pages may point past the removed post: refetch quietly in the background.
      void queryClient.invalidateQueries({ queryKey: feedListKey() });
      return true;
    } catch (err) {
      notifyError('Failed to delete post', errorMessage(err, 'Please try again.'));
      return false;
    }
  };

  return { confirm, pending: remove.isPending };
}

export function useRemixPost(post: Post) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const remix = trpc.feed.remix.useMutation();

  const start = async () => {
    try {
      const result = await remix.mutateAsync({ id: post.id });
      notifySuccess('Bot remixed', result.message || `${result.file.filename} was copied to your workspace.`);
      // The sidebar and the builder list the new file straight away.
      void utils.files.invalidate();
      void utils.projects.list.invalidate();
      navigate(builderFileUrl(result.file.id));
    } catch (err) {
      notifyError('Failed to remix bot', errorMessage(err, 'Please try again.'));
    }
  };

  return { start, pending: remix.isPending };
}
